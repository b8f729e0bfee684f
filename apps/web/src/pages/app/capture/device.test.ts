/** The phone info read from a browser (issue 12 §1): real user-agent strings of Android, iPhone and desktop browsers. */
import { describe, expect, it } from 'vitest';
import { browserName, collectDeviceInfo, modelFromUa, osFromUa } from './device';
import { clock } from './CaptureDialog';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const ANDROID_REDUCED = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';

describe('phone info from the user agent', () => {
  it('reads the system and version', () => {
    expect(osFromUa(ANDROID)).toBe('Android 14');
    expect(osFromUa(IPHONE)).toBe('iOS 17.4');
    expect(osFromUa(WINDOWS)).toBe('Windows');
  });
  it('reads the model where the string carries one', () => {
    expect(modelFromUa(ANDROID)).toBe('Pixel 8');
    expect(modelFromUa(ANDROID_REDUCED)).toBe('K');
    expect(modelFromUa(IPHONE)).toBe('iPhone');
    expect(modelFromUa(WINDOWS)).toBe('');
  });
  it('names the browser from client-hint brands, else from the string', () => {
    expect(browserName({ brands: [{ brand: 'Not_A Brand', version: '8' }, { brand: 'Chromium', version: '131' }, { brand: 'Google Chrome', version: '131' }] }, '')).toBe('Google Chrome 131');
    expect(browserName(undefined, IPHONE)).toBe('Safari 17');
    expect(browserName(undefined, WINDOWS)).toBe('Edge 131');
  });
  it('collects every field, bounded, and no position without consent', async () => {
    const info = await collectDeviceInfo(false);
    expect(Object.keys(info).sort()).toEqual(['appAddress', 'core', 'model_name', 'name', 'processor', 'version']);
    expect(info.appAddress).toBe('');
    for (const v of Object.values(info)) expect(v.length).toBeLessThanOrEqual(500);
  });
  it('shows recording time as mm:ss', () => {
    expect(clock(0)).toBe('00:00');
    expect(clock(5_400)).toBe('00:05');
    expect(clock(61_000)).toBe('01:01');
  });
});
