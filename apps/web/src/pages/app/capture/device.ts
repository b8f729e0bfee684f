/**
 * The phone information of spec p1 §3 (name, model_name, version, processor, core, appAddress) as a
 * browser can tell it (issue 12 §1): User-Agent Client Hints where the browser offers them
 * (`navigator.userAgentData.getHighEntropyValues`: model, platform version, architecture, bitness), the
 * user-agent string otherwise, `navigator.hardwareConcurrency` for the cores, and the position only when
 * the user ticked the consent box and the browser's own prompt allowed it.
 */
import type { DeviceInfo } from '../../../api/app';

interface UAData {
  brands?: { brand: string; version: string }[];
  mobile?: boolean;
  platform?: string;
  getHighEntropyValues?(hints: string[]): Promise<{ model?: string; platformVersion?: string; architecture?: string; bitness?: string; fullVersionList?: { brand: string; version: string }[] }>;
}

const clip = (s: string, n: number) => s.trim().slice(0, n);

/** Browser name and major version from the brands, e.g. "Chromium 131" (noise brands dropped). */
export function browserName(ua: UAData | undefined, uaString: string): string {
  const brand = ua?.brands?.find((b) => !/Not.?A.?Brand/i.test(b.brand) && b.brand !== 'Chromium') ?? ua?.brands?.find((b) => !/Not.?A.?Brand/i.test(b.brand));
  if (brand) return `${brand.brand} ${brand.version}`;
  // Most specific first: Edge and others also say Chrome, Chrome also says Safari.
  for (const [re, name] of [[/Edg\/(\d+)/, 'Edge'], [/Firefox\/(\d+)/, 'Firefox'], [/Chrome\/(\d+)/, 'Chrome'], [/Version\/(\d+).*Safari/, 'Safari']] as const) {
    const m = re.exec(uaString);
    if (m) return `${name} ${m[1]}`;
  }
  return '浏览器';
}

/** The operating system and version from the user-agent string (when no client hints). */
export function osFromUa(ua: string): string {
  const android = /Android ([\d.]+)/.exec(ua);
  if (android) return `Android ${android[1]}`;
  const ios = /(iPhone|iPad).*OS ([\d_]+)/.exec(ua);
  if (ios) return `iOS ${ios[2]!.replace(/_/g, '.')}`;
  if (/Windows NT/.test(ua)) return 'Windows';
  if (/Mac OS X/.test(ua)) return 'macOS';
  if (/Linux/.test(ua)) return 'Linux';
  return '';
}

/** The device model from the user-agent string (Android puts it before "Build/" or ")"). */
export function modelFromUa(ua: string): string {
  const m = /Android [\d.]+; ([^;)]+?)(?: Build\/|\))/.exec(ua);
  if (m) return m[1]!;
  const apple = /(iPhone|iPad|Macintosh)/.exec(ua);
  return apple ? apple[1]! : '';
}

/** The position "纬度 …, 经度 …（精度 … 米）", or '' when refused, unavailable or slower than `timeoutMs`. */
export function position(timeoutMs = 8000): Promise<string> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) return resolve('');
    navigator.geolocation.getCurrentPosition(
      (p) => resolve(`纬度 ${p.coords.latitude.toFixed(5)}, 经度 ${p.coords.longitude.toFixed(5)}（精度 ${Math.round(p.coords.accuracy)} 米）`),
      () => resolve(''),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}

/** Collects the phone info; `withLocation` only when the user consented (the browser asks again). */
export async function collectDeviceInfo(withLocation: boolean): Promise<DeviceInfo> {
  const uaString = navigator.userAgent;
  const ua = (navigator as Navigator & { userAgentData?: UAData }).userAgentData;
  let hints: Awaited<ReturnType<NonNullable<UAData['getHighEntropyValues']>>> = {};
  try {
    hints = (await ua?.getHighEntropyValues?.(['model', 'platformVersion', 'architecture', 'bitness'])) ?? {};
  } catch {
    hints = {};
  }
  const platform = ua?.platform || osFromUa(uaString).split(' ')[0] || navigator.platform || '';
  const version = hints.platformVersion ? `${platform} ${hints.platformVersion}` : osFromUa(uaString) || platform;
  const model = hints.model || modelFromUa(uaString) || (ua?.mobile ? '手机' : platform);
  const arch = [hints.architecture, hints.bitness ? `${hints.bitness} 位` : ''].filter(Boolean).join(' ');
  return {
    name: clip(`${browserName(ua, uaString)}（${ua?.mobile || /Mobile|Android|iPhone/.test(uaString) ? '移动端' : '桌面端'}）`, 100),
    model_name: clip(model, 100),
    version: clip(version, 100),
    processor: clip(arch || navigator.platform || '', 100),
    core: String(navigator.hardwareConcurrency || ''),
    appAddress: withLocation ? clip(await position(), 500) : '',
  };
}
