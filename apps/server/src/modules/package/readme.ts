/**
 * VERIFY.md of an evidence package (issue 3 §4): in Chinese, then English, every check as a command
 * with public tools (sha256sum, python3, openssl, pdfsig) run inside the unzipped folder, the values
 * each command must print, what to compare with the platform's published keys, and what the package
 * cannot prove. The shell blocks are executed by the package tests, so they stay correct.
 */
import { waczReadme } from './readmeWacz.ts';

/** What the text needs to know about the package. */
export interface ReadmeFacts {
  baoquan: string;
  /** Archive name of the evidence file. */
  fileName: string;
  sha256: string;
  /** Hex SM3 of the file when the entry records it (v2). */
  sm3?: string;
  size: number;
  chainhash: string;
  leafIndex: number;
  treeSize: number;
  origin: string;
  verifierKey: string;
  /** Public base URL (no trailing slash). */
  publicUrl: string;
  /** Deposit time, Unix seconds. */
  saveTime: number;
  /** RFC 3161 token facts, or why there is none. */
  timestamp: { tsaName: string; genTime: number } | { missing: 'none' | 'off' };
  /** SHA-256 fingerprint AA:BB:… of the platform root certificate ('' when unknown), as printed on the certificate. */
  rootFingerprint?: string;
  /** The package's download name (证据包-<baoquan>.zip). */
  zipName?: string;
  /** Whether the package carries verify.mjs. */
  hasBundle?: boolean;
  /** Whether the evidence file is a WACZ (web capture, process evidence): adds section 7A (readmeWacz.ts). */
  isWacz?: boolean;
  /** Anchor facts, or why there is none. */
  anchor: { chainName: string; chainId: number; txHash: string; txUrl: string; size: number } | { missing: 'pending' | 'off' };
}

/** POSIX-shell single-quoted word (any text, quotes escaped), prefixed ./ so a leading '-' is no option. */
export const shq = (s: string): string => `'./${s.replace(/'/g, `'\\''`)}'`;

/** Beijing time "yyyy-MM-dd HH:mm:ss". */
const bj = (t: number) => new Date((t + 8 * 3600) * 1000).toISOString().slice(0, 19).replace('T', ' ');
const utc = (t: number) => new Date(t * 1000).toISOString().replace('.000Z', 'Z');

/** Python 3 (standard library) check of the RFC 6962 inclusion proof (RFC 9162 §2.1.3.2). */
const INCLUSION_PY = `python3 - <<'EOF'
import base64, hashlib
H = lambda b: hashlib.sha256(b).digest()
head, cp = open('proof.tlog-proof', encoding='utf-8').read().split('\\n\\n', 1)
lines = head.split('\\n')
assert lines[0] == 'c2sp.org/tlog-proof@v1'
rest = lines[1:]
if rest[0].startswith('extra '):
    rest = rest[1:]
index = int(rest[0].split(' ')[1])
proof = [base64.b64decode(x) for x in rest[1:]]
origin, size, root = cp.split('\\n')[:3]
size, root = int(size), base64.b64decode(root)
r = H(b'\\x00' + open('entry.json', 'rb').read())
fn, sn = index, size - 1
for p in proof:
    if sn == 0:
        r = None
        break
    if fn % 2 == 1 or fn == sn:
        r = H(b'\\x01' + p + r)
        while fn % 2 == 0 and fn != 0:
            fn, sn = fn >> 1, sn >> 1
    else:
        r = H(b'\\x01' + r + p)
    fn, sn = fn >> 1, sn >> 1
print('inclusion: OK' if sn == 0 and r == root else 'inclusion: FAILED')
EOF`;

/** Shell check of the checkpoint's Ed25519 signature with openssl (raw key → SPKI DER → PEM). */
const SIGNATURE_SH = `tail -c "$(wc -c < checkpoint.txt)" proof.tlog-proof | cmp -s - checkpoint.txt && echo 'checkpoint.txt: same as in proof.tlog-proof'
NAME=$(cut -d+ -f1 verifier-key.txt)
[ "$(head -n 1 checkpoint.txt)" = "$NAME" ] && echo "origin: $NAME"
{ printf '\\060\\052\\060\\005\\006\\003\\053\\145\\160\\003\\041\\000'; cut -d+ -f3- verifier-key.txt | base64 -d | tail -c 32; } > log-key.der
openssl pkey -pubin -inform DER -in log-key.der -out log-key.pem
sed '/^$/,$d' checkpoint.txt > checkpoint-body.txt
grep "^— $NAME " checkpoint.txt | head -n 1 | cut -d' ' -f3 | base64 -d | tail -c 64 > checkpoint.sig
openssl pkeyutl -verify -pubin -inkey log-key.pem -rawin -in checkpoint-body.txt -sigfile checkpoint.sig`;

/** Python 3 check of anchor.json: consistency proof (RFC 9162 §2.1.4.2) and the CZA1 calldata. */
const ANCHOR_PY = `python3 - <<'EOF'
import base64, hashlib, json
H = lambda b: hashlib.sha256(b).digest()
a = json.load(open('anchor.json', encoding='utf-8'))
cp = open('checkpoint.txt', encoding='utf-8').read().split('\\n')
n2, r2 = int(cp[1]), base64.b64decode(cp[2])
n1, r1 = a['size'], base64.b64decode(a['root'])
if n1 > n2:
    n1, r1, n2, r2 = n2, r2, n1, r1
proof = [base64.b64decode(x) for x in a['consistency']['proof']]
ok = (a['consistency']['first'], a['consistency']['second']) == (n1, n2)
if n1 == n2:
    ok = ok and not proof and r1 == r2
else:
    path = ([r1] if n1 & (n1 - 1) == 0 else []) + proof
    fn, sn = n1 - 1, n2 - 1
    while fn & 1:
        fn, sn = fn >> 1, sn >> 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            ok = False
            break
        if fn & 1 or fn == sn:
            fr, sr = H(b'\\x01' + c + fr), H(b'\\x01' + c + sr)
            while not fn & 1 and fn != 0:
                fn, sn = fn >> 1, sn >> 1
        else:
            sr = H(b'\\x01' + sr + c)
        fn, sn = fn >> 1, sn >> 1
    ok = ok and sn == 0 and fr == r1 and sr == r2
print('consistency: OK' if ok else 'consistency: FAILED')
note = a['anchoredCheckpoint'].encode()
origin = note.split(b'\\n')[0]
data = b'CZA1' + a['size'].to_bytes(8, 'big') + base64.b64decode(a['root']) + H(note) + origin
print('calldata: OK' if '0x' + data.hex() == a['calldata'] else 'calldata: FAILED')
print('explorer:', a['txUrl'] or a['txHash'])
EOF`;

/** Section 0: the last certificate of tsa-chain.pem (the root) into root.pem (awk, no other tool). */
const ROOT_FROM_CHAIN_SH = `awk '/-----BEGIN CERTIFICATE-----/{c=""} {c=c $0 "\\n"} /-----END CERTIFICATE-----/{last=c} END{printf "%s", last}' tsa-chain.pem > root.pem`;

/**
 * Section 6b: PAdES B-LTA long-term validation (issue 10 §3) with python3 + openssl only: the last document
 * time-stamp's byte ranges and token, and the (latest) CRL in the PDF's DSS; openssl checks the time-stamp
 * over those bytes and the CRL's signature by the pinned root.
 */
const LTA_SH = `python3 - <<'EOF'
import re
d = open('certificate.pdf', 'rb').read()
ts = list(re.finditer(rb'/SubFilter\\s*/ETSI\\.RFC3161\\s*/ByteRange\\s*\\[\\s*(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s*\\]\\s*/Contents\\s*<([0-9A-Fa-f]+)>', d))
a, b, c, n = (int(ts[-1].group(i)) for i in range(1, 5))
open('doc-timestamp.bin', 'wb').write(d[a:a + b] + d[c:c + n])
open('doc-timestamp.der', 'wb').write(bytes.fromhex(ts[-1].group(5).decode()))
print('document time-stamps: %d; the last covers the whole file: %s' % (len(ts), 'OK' if a == 0 and c + n == len(d) else 'FAILED'))
dss = re.findall(rb'/DSS\\s+(\\d+)\\s+0\\s+R', d)[-1]
body = re.findall(rb'(?<![0-9])' + dss + rb'\\s+0\\s+obj\\s*<<(.*?)>>\\s*endobj', d, re.S)[-1]
for ref in re.findall(rb'(\\d+)\\s+0\\s+R', re.search(rb'/CRLs\\s*\\[([^\\]]*)\\]', body).group(1)):
    m = list(re.finditer(rb'(?<![0-9])' + ref + rb'\\s+0\\s+obj\\s*<<\\s*/Length\\s+(\\d+)\\s*>>\\s*stream\\r?\\n', d))[-1]
    open('dss-crl.der', 'wb').write(d[m.end():m.end() + int(m.group(1))])
EOF
openssl ts -verify -data doc-timestamp.bin -in doc-timestamp.der -token_in -CAfile root.pem
openssl ts -reply -in doc-timestamp.der -token_in -text | grep '^Time stamp'
openssl crl -inform DER -in dss-crl.der -CAfile root.pem -noout 2>&1 | grep 'verify OK'
openssl crl -inform DER -in dss-crl.der -noout -text | grep -E 'Last Update|Next Update|No Revoked|Serial Number'`;

/** Section 6: pdfsig with the pinned root in a fresh NSS database. */
const NSS_SH = ['rm -rf nssdb && mkdir nssdb && certutil -N -d sql:nssdb --empty-password', 'certutil -A -d sql:nssdb -n cunzheng-root -t C,C,C -i root.pem', 'pdfsig -nssdir sql:nssdb certificate.pdf'].join('\n');

/** Section 6: the PDF's embedded entry equals entry.json; its XMP facts (poppler's pdfdetach and pdfinfo). */
const PDF_BINDING_SH = [
  'pdfdetach -save 1 -o entry-in-pdf.json certificate.pdf',
  "cmp entry-in-pdf.json entry.json && echo 'embedded entry: OK'",
  "pdfinfo -meta certificate.pdf | grep -oE '<cz:(baoquan|sha256|chainhash)>[^<]*'",
].join('\n');

/** Section 5: entry.json's time equals the token's genTime to the second (python3 + openssl only). */
const TIME_EQ_SH = `python3 - <<'EOF'
import json, subprocess, datetime
t = json.load(open('entry.json'))['time']
out = subprocess.run(['openssl', 'ts', '-reply', '-in', 'timestamp.tsr', '-text'], capture_output=True, text=True, check=True).stdout
line = [l for l in out.splitlines() if l.startswith('Time stamp:')][0]
g = datetime.datetime.strptime(line.split(': ', 1)[1].replace(' GMT', '').strip(), '%b %d %H:%M:%S %Y').replace(tzinfo=datetime.timezone.utc)
print('entry time = genTime: OK' if '.' not in line and int(g.timestamp()) == t else 'entry time = genTime: FAILED (%s vs %d)' % (line, t))
EOF`;

/** The VERIFY.md text. */
export function verifyReadme(f: ReadmeFacts): string {
  const file = shq(f.fileName);
  const ts = 'tsaName' in f.timestamp ? f.timestamp : null;
  const an = 'txHash' in f.anchor ? f.anchor : null;
  const zh: string[] = [];
  const en: string[] = [];

  zh.push(`# 证据包核验说明（保全号 ${f.baoquan}）`, '',
    '本证据包可以在不信任本平台、不联网的情况下核验。以下命令在解压后的文件夹中执行（Linux/macOS 终端；Windows 可用 WSL 或 Git Bash），需要 sha256sum、python3、openssl（3.0 以上）和 pdfsig（poppler-utils）。', '',
    '| 文件 | 内容 |', '|---|---|',
    `| ${f.fileName} | 证据原文件（${f.size} 字节） |`,
    '| certificate.pdf | 保全证书，带平台的数字签名和签名时间戳 |',
    '| entry.json | 账本条目的原始字节（RFC 8785 规范化 JSON），其叶子哈希就是账本存证哈希（chainhash） |',
    '| proof.tlog-proof | C2SP tlog-proof：叶子序号、默克尔包含证明和签名检查点 |',
    '| checkpoint.txt | 签名检查点（C2SP signed note） |',
    '| verifier-key.txt | 账本的 Ed25519 验证公钥 |',
    ...(ts ? ['| timestamp.tsr | RFC 3161 时间戳响应，消息摘要为证据文件的 SHA-256 |', '| tsa-chain.pem | 时间戳机构证书，其后为根证书 |'] : []),
    ...(an ? ['| anchor.json | 区块链锚定：交易、锚定的检查点和一致性证明 |'] : []),
    ...(f.hasBundle ? ['| verify.mjs | 单文件核验程序（Node.js 20 以上，无依赖）：`node verify.mjs .` |'] : []),
    '| verify.py | Python 3 标准库脚本：哈希与账本核验 |',
    '| manifest.json | 以上各文件的 SHA-256（未签名，见第 9 节） |', '');
  const fp = f.rootFingerprint ?? '';
  zh.push('## 0. 先固定信任锚：平台根证书和账本公钥', '',
    `不要因为证据包里带着根证书就信任它。先用纸质保全证书上「验证公钥与根证书」一栏印的值（或平台网站公布的值：${f.publicUrl}/api/trust/root.pem 与 ${f.publicUrl}/api/ledger/key）固定下面两样，之后各步都以它们为准：`, '',
    ...(ts
      ? ['```sh', ROOT_FROM_CHAIN_SH, 'openssl x509 -in root.pem -noout -subject -fingerprint -sha256', 'cat verifier-key.txt', '```', '',
        `第二条命令输出的 SHA-256 指纹必须与证书上印的平台根证书指纹${fp ? ` \`${fp}\`` : ''} 逐字相同（使用外部时间戳机构时，这里得到的是该机构的根证书，请与其官网公布的指纹核对）；verifier-key.txt 必须与证书上印的账本验证公钥逐字相同。任一不符即停止：证据包里的密钥不是平台的密钥。`]
      : ['```sh', `curl -s -o root.pem ${f.publicUrl}/api/trust/root.pem`, 'openssl x509 -in root.pem -noout -subject -fingerprint -sha256', 'cat verifier-key.txt', '```', '',
        `根证书指纹必须与证书上印的${fp ? ` \`${fp}\`` : '平台根证书指纹'} 相同；verifier-key.txt 必须与证书上印的账本验证公钥相同。`]),
    '');
  zh.push('## 1. 证据文件的哈希', '', '```sh', `sha256sum ${file}`, `echo '${f.sha256}  ${f.fileName.replace(/'/g, `'\\''`)}' | sha256sum -c`, '```', '',
    `应输出 \`${f.sha256}\`，并显示 OK。它必须与 entry.json 中的 "sha256" 和保全证书上的 SHA-256 相同。`, '',
    ...(f.sm3 ? ['国密 SM3（GB/T 32905）摘要：', '', '```sh', `openssl dgst -sm3 ${file}`, '```', '', `应输出 \`${f.sm3}\`，与 entry.json 中的 "sm3" 和保全证书上的 SM3 相同。`, ''] : []));
  zh.push('## 2. 账本条目与账本存证哈希', '', '```sh', 'cat entry.json; echo', `(printf '\\000'; cat entry.json) | sha256sum`, '```', '',
    `第二条命令输出账本存证哈希（chainhash，RFC 6962 叶子哈希；它不是区块链交易哈希）\`${f.chainhash}\`，必须与保全证书上的一致。条目中的 "sha256" 是第 1 步的哈希，"time" 是保全时间（${bj(f.saveTime)} 北京时间），"owner" 是对存证人的加盐承诺（不含个人信息）。`, '');
  zh.push('## 3. 默克尔包含证明', '', '```sh', INCLUSION_PY, '```', '',
    `应输出 \`inclusion: OK\`：第 ${f.leafIndex} 号条目包含在 ${f.treeSize} 条记录的账本树中，其根哈希写在签名检查点里（RFC 6962 / RFC 9162 算法）。`, '');
  zh.push('## 4. 检查点签名', '', '```sh', SIGNATURE_SH, '```', '',
    '应输出 `Signature Verified Successfully`。然后把 verifier-key.txt 与平台公布的公钥逐字比对——证据包自带的公钥只能证明“由该公钥签名”：', '',
    '```sh', `curl -s ${f.publicUrl}/api/ledger/key; echo`, 'cat verifier-key.txt', '```', '', `本证据包中的公钥：\`${f.verifierKey}\`（日志名称 ${f.origin}）。`, '');
  if (ts) {
    zh.push('## 5. RFC 3161 可信时间戳', '', '```sh', 'openssl ts -reply -in timestamp.tsr -text', `openssl ts -verify -data ${file} -in timestamp.tsr -CAfile root.pem -untrusted tsa-chain.pem`, '```', '',
      `应输出 \`Verification: OK\`。时间戳机构「${ts.tsaName}」证明该文件在 ${utc(ts.genTime)}（北京时间 ${bj(ts.genTime)}）已经存在；第一条命令显示的 Message data 是文件的 SHA-256。`,
      '账本条目的 "time" 就是时间戳的 genTime（精确到秒，必须完全相同，任何差异都说明时间戳不是本次存证取得的）：', '', '```sh', TIME_EQ_SH, '```', '', '应输出 `entry time = genTime: OK`。', '',
      '上面的命令只信任第 0 步固定的 root.pem（-CAfile），证据包里的证书仅作为中间证书（-untrusted）。', '');
  } else {
    zh.push('## 5. RFC 3161 可信时间戳', '', f.timestamp && 'missing' in f.timestamp && f.timestamp.missing === 'off'
      ? '本证据包不含 timestamp.tsr：生成证据包时平台的可信时间戳服务不可用。保全时间只由账本记录（第 2 步）和检查点签名证明。'
      : '本证据包不含 timestamp.tsr：该存证保存于平台启用 RFC 3161 可信时间戳之前，没有时间戳令牌。保全时间只由账本记录（第 2 步）和检查点签名证明。', '');
  }
  zh.push('## 6. 保全证书的数字签名，以及它证明的是哪一条记录', '', '```sh', 'pdfsig certificate.pdf', PDF_BINDING_SH, '```', '',
    'pdfsig 用 NSS 证书库判断签名证书是否可信。把第 0 步固定的 root.pem 导入一个新的 NSS 库再核验（certutil 来自 libnss3-tools）：', '',
    '```sh', NSS_SH, '```', '', '应显示 `Certificate Validation: Certificate is Trusted.`。', '',
    '第一条命令对第一个签名（Signature1，ETSI.CAdES.detached）应显示 `Signature Validation: Signature is Valid.`；它显示 Not total document signed，因为签名之后以增量更新追加了长期验证数据和文档时间戳（DocTimeStamp1 …），最后一个覆盖整个文件（Total document signed），见第 6b 步。签名证书由平台根证书签发；若系统未导入该根证书，pdfsig 会提示证书颁发者不受信任，这不影响签名本身的有效性——请将签名证书链的根与 ' + `${f.publicUrl}/api/trust/root.pem 核对。`,
    `保全证书以附件（PDF/A-3 式关联文件）形式嵌入了它所证明的账本条目原文：pdfdetach 取出的 entry.json 必须与证据包中的 entry.json 逐字节相同（输出 \`embedded entry: OK\`），pdfinfo -meta 显示的 XMP 元数据中 cz:baoquan、cz:sha256、cz:chainhash 必须分别是 ${f.baoquan}、第 1 步的 SHA-256 和第 2 步的账本存证哈希。另一份存证的证书即使签名有效，也过不了这一步。`, '');
  zh.push('## 6b. 长期验证（PAdES B-LTA）：文档时间戳与证书吊销列表', '',
    '保全证书 PDF 在签名之后以增量更新追加了文档安全存储（DSS：签名证书链、时间戳机构证书链和平台根证书签发的 CRL）和一个 RFC 3161 文档时间戳（/SubFilter /ETSI.RFC3161），它覆盖之前的全部字节；时间戳机构证书到期前，平台会再追加新的 DSS 数据和文档时间戳，之前的字节不变，之前的签名仍然有效。pdfsig（poppler 22）会列出文档时间戳，但不能验证它（显示 Signature has not yet been verified），因此用 python3 取出最后一个文档时间戳覆盖的字节和令牌，再用 openssl 核验：', '',
    '```sh', LTA_SH, '```', '',
    '应显示 `the last covers the whole file: OK`、`Verification: OK`（令牌由第 0 步固定的根证书之下的时间戳机构签发，消息摘要等于这些字节的 SHA-256）和 `verify OK`（DSS 中的 CRL 由根证书签名）；`No Revoked Certificates.` 表示签名证书和时间戳机构证书在 CRL 签发时都未被吊销。' + `最新的 CRL 也可从 ${f.publicUrl}/api/trust/root.crl 取得（\`openssl crl -inform DER -in root.crl -CAfile root.pem -noout\`）。`, '');
  if (an) {
    zh.push('## 7. 区块链锚定', '', '```sh', ANCHOR_PY, '```', '',
      `应输出 \`consistency: OK\` 和 \`calldata: OK\`：锚定在链「${an.chainName}」（chainId ${an.chainId}）上的检查点（${an.size} 条）与本证据包的检查点属于同一账本，且包含本条目。链上交易本身只能联网核对：请在区块浏览器中打开 ${an.txUrl || `交易 ${an.txHash}`}，确认交易成功，且其输入数据（Input Data）与 anchor.json 中的 "calldata" 完全一致；anchor.json 中的链名称、区块高度、出块时间和发送地址也只能在浏览器中核对。`, '');
  } else {
    zh.push('## 7. 区块链锚定', '', 'missing' in f.anchor && f.anchor.missing === 'off'
      ? '本证据包不含 anchor.json：平台未启用区块链锚定。'
      : '本证据包不含 anchor.json：生成证据包时，该条目尚未被锚定到区块链（锚定按周期批量进行）。稍后重新下载证据包即可包含锚定信息。', '');
  }
  const wz = f.isWacz ? waczReadme(f.fileName, f.publicUrl) : null;
  if (wz) zh.push(...wz.zh);
  zh.push('## 8. 一条命令完成全部核验', '',
    ...(f.hasBundle
      ? ['证据包自带单文件核验程序 verify.mjs（纯 JavaScript，无任何依赖，离线运行；需要 Node.js 20 以上）。在解压后的文件夹中运行（--key 固定第 0 步核对过的账本公钥）：', '', '```sh', `node verify.mjs . --key "${f.verifierKey}"`, '```', '',
        `也可以不解压，直接核验下载的 ${f.zipName ?? '证据包 zip'}：\`node verify.mjs ${f.zipName ?? '证据包.zip'}\`。它逐项输出中英文结论，任何一项失败即以非零状态退出。`, '']
      : ['本证据包生成时平台未提供单文件核验程序 verify.mjs；可在平台源代码中运行 `npm run build -w @cunzheng/verify` 得到 packages/verify/dist/cunzheng-verify.mjs，再运行 `node cunzheng-verify.mjs .`。', '']),
    '没有 Node.js 时，Python 3（只用标准库）完成哈希、清单和账本证明的核验（签名部分仍按第 4–6 节用 openssl 和 pdfsig）：', '', '```sh', 'python3 verify.py', '```', '',
    '应以 `结论 / Verdict: 通过 / PASSED` 结束。也可在平台的 /verify 页面拖入证据包，在浏览器中完成同样的核验。', '');
  zh.push('## 9. 本证据包能证明什么、不能证明什么', '',
    '- 能证明：证据文件与账本条目一致；条目在由平台公钥签名的账本检查点中；时间戳机构在所示时间见过该文件的哈希；保全证书由平台签名且未被改动；（若有锚定）包含该条目的账本状态已写入公链。',
    '- 需要您核对：公钥（第 4 步）、根证书（第 5、6 步）和链上交易（第 7 步）必须与平台或时间戳机构公开发布的一致，否则以上签名只能证明“由证据包里的密钥签名”。',
    '- manifest.json 列出每个文件的 SHA-256，用于发现损坏或单个文件被改动；它没有签名，不能防止有人整体伪造证据包——证据效力来自上面的密码学核验。本说明文件（VERIFY.md）本身不包含任何证明。', '');

  en.push(`# How to verify this evidence package (certificate ${f.baoquan})`, '',
    'This package can be verified offline without trusting the platform. Run the commands inside the unzipped folder (Linux/macOS shell; on Windows use WSL or Git Bash) with sha256sum, python3, openssl (3.0+) and pdfsig (poppler-utils).', '');
  en.push('## 0. Pin the trust anchors first: the platform root and the log key', '', `Do not trust the root certificate because the package carries it. Take the values printed on the paper certificate (row "Ledger Key and Root"), or published at ${f.publicUrl}/api/trust/root.pem and ${f.publicUrl}/api/ledger/key, and run the shell block of section 0 above: the SHA-256 fingerprint must equal${fp ? ` \`${fp}\`` : ' the printed one'} and verifier-key.txt must equal the printed log key. Stop if either differs. Sections 5–6 then trust only that root.pem.`, '');
  en.push('## 1. Evidence file hash', '', '```sh', `sha256sum ${file}`, '```', '', `Must print \`${f.sha256}\`, equal to "sha256" in entry.json and to the SHA-256 on the certificate.${f.sm3 ? ` \`openssl dgst -sm3 ${file}\` must print the SM3 \`${f.sm3}\` ("sm3" in entry.json, SM3 on the certificate).` : ''}`, '');
  en.push('## 2. Ledger entry and chainhash', '', '```sh', `(printf '\\000'; cat entry.json) | sha256sum`, '```', '', `Must print the chainhash \`${f.chainhash}\` shown on the certificate (RFC 6962 leaf hash of the exact entry bytes). "time" is the deposit time (${utc(f.saveTime)}); "owner" is a salted commitment to the depositor (no personal data).`, '');
  en.push('## 3. Merkle inclusion proof', '', 'Run the python3 block of section 3 above; it must print `inclusion: OK`: entry ' + `${f.leafIndex} is in the tree of ${f.treeSize} entries whose root is in the signed checkpoint.`, '');
  en.push('## 4. Checkpoint signature', '', 'Run the shell block of section 4 above; openssl must print `Signature Verified Successfully`. Then compare verifier-key.txt character by character with the key published at ' + `${f.publicUrl}/api/ledger/key — a key inside the package only proves "signed by this key". Key: \`${f.verifierKey}\` (log ${f.origin}).`, '');
  en.push('## 5. RFC 3161 timestamp', '', ts
    ? `\`openssl ts -verify -data ${file} -in timestamp.tsr -CAfile tsa-chain.pem\` must print \`Verification: OK\`: the TSA "${ts.tsaName}" saw the file's SHA-256 at ${utc(ts.genTime)}. To trust the platform's published root instead of the one in the package: \`curl -s -o root.pem ${f.publicUrl}/api/trust/root.pem\` and \`-CAfile root.pem -untrusted tsa-chain.pem\`.`
    : 'This package holds no timestamp.tsr: ' + ('missing' in f.timestamp && f.timestamp.missing === 'off' ? 'the timestamp service was unavailable when the package was made.' : 'the deposit predates RFC 3161 timestamping on the platform.'), '');
  en.push('## 6. Certificate PDF signature, and which entry it certifies', '', '`pdfsig certificate.pdf` must show `Signature Validation: Signature is Valid.` for Signature1 (ETSI.CAdES.detached); it says "Not total document signed" because long-term validation data and document time-stamps (DocTimeStamp1, …) were appended after it by incremental update, the last of which covers the whole file (section 6b). An "issuer isn\'t trusted" certificate message only means the platform root is not in your system store: compare the chain\'s root with ' + `${f.publicUrl}/api/trust/root.pem. The certificate embeds the ledger entry it certifies as an associated file (PDF/A-3 style): run the pdfdetach/cmp and pdfinfo lines of section 6 above — the embedded entry.json must equal the package's byte for byte (\`embedded entry: OK\`) and the XMP cz:baoquan, cz:sha256, cz:chainhash must be ${f.baoquan}, the SHA-256 of step 1 and the chainhash of step 2. A validly signed certificate of another deposit fails here.`, '');
  en.push('## 6b. Long-term validation (PAdES B-LTA): document time-stamp and revocation list', '', 'After the signature, the PDF got by incremental update a Document Security Store (DSS: signer chain, TSA chain and the CRL signed by the platform root) and an RFC 3161 document time-stamp (/SubFilter /ETSI.RFC3161) over every byte before it; before the TSA certificate expires the platform appends fresh DSS data and another time-stamp, leaving earlier bytes (and signatures) intact. pdfsig (poppler 22) lists the time-stamps but cannot validate them, so run the shell block of section 6b above: it must print `the last covers the whole file: OK`, `Verification: OK` (the token is from a TSA under the root pinned in section 0 and its imprint is the SHA-256 of those bytes) and `verify OK` (the DSS CRL is signed by the root); `No Revoked Certificates.` means neither the signing nor the TSA certificate was revoked when the CRL was issued. ' + `The current CRL is published at ${f.publicUrl}/api/trust/root.crl (\`openssl crl -inform DER -in root.crl -CAfile root.pem -noout\`).`, '');
  en.push('## 7. Blockchain anchor', '', an
    ? `Run the python3 block of section 7 above: it must print \`consistency: OK\` and \`calldata: OK\` (the checkpoint anchored on ${an.chainName}, chainId ${an.chainId}, ${an.size} entries, is of the same log and contains this entry). The transaction itself can only be checked online: open ${an.txUrl || `transaction ${an.txHash}`} in a block explorer, check it succeeded and that its input data equals "calldata" in anchor.json exactly; the chain name, block number, block time and sender in anchor.json can only be checked there too.`
    : 'This package holds no anchor.json: ' + ('missing' in f.anchor && f.anchor.missing === 'off' ? 'anchoring is not enabled on the platform.' : 'the entry was not yet anchored when the package was made (anchoring runs periodically); download the package again later.'), '');
  if (wz) en.push(...wz.en);
  en.push('## 8. Everything in one command', '', (f.hasBundle
    ? `The package carries verify.mjs, a single dependency-free verifier for Node.js 20+: \`node verify.mjs . --key "${f.verifierKey}"\` in the unzipped folder, or \`node verify.mjs ${f.zipName ?? 'package.zip'}\` on the downloaded zip. `
    : 'This package has no verify.mjs; `npm run build -w @cunzheng/verify` in the platform source makes packages/verify/dist/cunzheng-verify.mjs (`node cunzheng-verify.mjs .`). ') +
    'Without Node, `python3 verify.py` (standard library only) checks the hashes, the manifest and the ledger proofs; signatures as in sections 4–6. It prints a verdict per check and exits non-zero when any check fails. The platform\'s /verify page runs the same checks in a browser.', '');
  en.push('## 9. What this package proves and what it does not', '',
    '- It proves: the file matches the ledger entry; the entry is in a checkpoint signed by the platform key; the TSA saw the file hash at the time shown; the certificate PDF is signed by the platform and unchanged; (when anchored) a ledger state containing the entry was written to a public chain.',
    '- You must compare: the log key (step 4), the root certificates (steps 5–6) and the chain transaction (step 7) with what the platform or the TSA publish; otherwise the signatures only prove "signed by the keys in this package".',
    '- manifest.json lists every member\'s SHA-256 to detect corruption or a change to one member; it is not signed and cannot stop a forger who rewrites the whole package — the evidential weight comes from the cryptographic checks. This file (VERIFY.md) proves nothing by itself.', '');
  return `${zh.join('\n')}\n---\n\n${en.join('\n')}`;
}
