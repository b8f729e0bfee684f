/**
 * The WACZ section of VERIFY.md (issue 10 §4), for a package whose evidence file is a WACZ (web capture,
 * process evidence): opening the WACZ with unzip, every datapackage.json resource with sha256sum,
 * datapackage-digest.json, the ECDSA signature and its certificate (issued by the root pinned in section 0)
 * with openssl, the inner RFC 3161 token with `openssl ts -verify`, and the main response record of the
 * WARC against provenance.json and pages.jsonl with a Python 3 standard-library script (warcio, when
 * installed, shows the same records). The shell blocks run as written in the package tests (wacz.test.ts).
 */
import { shq } from './readme.ts';

/** Python 3: the signature block of datapackage-digest.json into files openssl reads (P1363 → DER signature). */
const EXTRACT_PY = `python3 - <<'EOF'
import base64, json
d = json.load(open('datapackage-digest.json', encoding='utf-8'))
s = d['signedData']
open('wacz-hash.txt', 'w').write(s['hash'])
open('wacz-pub.der', 'wb').write(base64.b64decode(s['publicKey']))
sig = base64.b64decode(s['signature'])
def der_int(b):
    b = b.lstrip(b'\\0') or b'\\0'
    return b'\\x02' + bytes([len(b) + (b[0] >> 7)]) + (b'\\0' if b[0] >> 7 else b'') + b
half = len(sig) // 2
body = der_int(sig[:half]) + der_int(sig[half:])
open('wacz-sig.der', 'wb').write(b'\\x30' + bytes([len(body)]) + body)
certs = [c + '-----END CERTIFICATE-----\\n' for c in s.get('crossSignedCert', '').split('-----END CERTIFICATE-----\\n') if c.strip()]
open('wacz-cert.pem', 'w').write(certs[0] if certs else '')
open('wacz-root.pem', 'w').write(certs[-1] if certs else '')
open('wacz-ts.tst', 'wb').write(base64.b64decode(d.get('timeStampToken', '')))
print('signed hash:', s['hash'], '| created:', s['created'], '| certificates:', len(certs))
EOF`;

/** Python 3: the main response record (CDXJ offset/length → gzip member → WARC/HTTP) against provenance and pages. */
const MAIN_RESPONSE_PY = `python3 - <<'EOF'
import base64, gzip, hashlib, json, os
dp = json.load(open('datapackage.json', encoding='utf-8'))
url = dp['mainPageUrl']
cdx = [json.loads(l[l.index(' {') + 1:]) for l in open('indexes/index.cdxj', encoding='utf-8') if l.strip()]
web = os.path.exists('capture/provenance.json')
found = [x for x in cdx if x['url'] == url and not x.get('mime', '').startswith('warc/')]
if not found:
    print('main page:', url, '- no response record:', 'FAILED' if web else 'not checked (process recording: the first address was redirected or refused)')
    raise SystemExit(1 if web else 0)
c = found[0]
with open('archive/' + c['filename'], 'rb') as f:
    f.seek(int(c['offset']))
    rec = gzip.decompress(f.read(int(c['length'])))
head, rest = rec.split(b'\\r\\n\\r\\n', 1)
w = dict(l.split(': ', 1) for l in head.decode().split('\\r\\n')[1:])
block = rest[:int(w['Content-Length'])]
http, payload = block.split(b'\\r\\n\\r\\n', 1)
lines = http.decode('latin-1').split('\\r\\n')
status = int(lines[0].split(' ')[1])
headers = [[k, v.strip()] for k, v in (l.split(':', 1) for l in lines[1:])]
b32 = lambda b: 'sha256:' + base64.b32encode(hashlib.sha256(b).digest()).decode()
ok = lambda c: 'OK' if c else 'FAILED'
print('main page:', url, '| WARC-Type:', w['WARC-Type'], '| status:', status, '| payload bytes:', len(payload))
print('WARC-Target-URI = mainPageUrl:', ok(w['WARC-Target-URI'] == url))
print('WARC-Block-Digest:', ok(w['WARC-Block-Digest'] == b32(block)))
print('WARC-Payload-Digest:', ok(w['WARC-Payload-Digest'] == b32(payload)), w['WARC-Payload-Digest'])
prov_file = 'capture/provenance.json' if web else 'process/provenance.json'
p = json.load(open(prov_file, encoding='utf-8'))
if 'finalUrl' in p:
    print('provenance finalUrl and statusCode:', ok(p['finalUrl'] == url and p['statusCode'] == status))
q = [r for r in p.get('requests', []) if r['url'] == url and r['status'] == status]
strip = lambda h: [[k.lower(), v.strip()] for k, v in h if k.lower() != 'transfer-encoding']
if q:
    print('provenance request (status, server IP, body size, headers in wire order):', ok(q[0]['ip'] == w.get('WARC-IP-Address', q[0]['ip']) and q[0]['bytes'] == len(payload) and strip(q[0]['headers']) == strip(headers)))
pages = [json.loads(l) for l in open('pages/pages.jsonl', encoding='utf-8') if l.strip()]
print('pages.jsonl lists the main page:', ok(any(x.get('url') == url for x in pages)))
EOF`;

/** Section 7A (Chinese) and its English summary, for the WACZ named `fileName` in the package. */
export function waczReadme(fileName: string, publicUrl: string): { zh: string[]; en: string[] } {
  const file = shq(fileName);
  const zh = [
    '## 7A. 网页取证数据包（WACZ）的内部核验', '',
    `证据文件 ${fileName} 是 WACZ 1.1.1 网页存档（zip 格式）：WARC 网络记录、CDXJ 索引、页面列表、整页截图、取证过程记录（provenance.json）等，每个成员的 SHA-256 列在 datapackage.json 中；datapackage-digest.json 记录 datapackage.json 的哈希、平台的 ECDSA P-384 签名（WACZ Signing and Verification 0.1.0 匿名模式，签名公钥 publicKey；crossSignedCert 为平台根证书为该公钥签发的证书及根证书）和 RFC 3161 时间戳令牌。下列命令在解压后的证据包文件夹中执行，需要 unzip、sha256sum、python3 和 openssl；warcio（pip install warcio）为可选。`, '',
    '```sh', `rm -rf wacz && mkdir wacz && unzip -q -d wacz ${file} && cd wacz`,
    `python3 -c 'import json; [print(r["hash"][7:] + "  " + r["path"]) for r in json.load(open("datapackage.json"))["resources"]]' | sha256sum -c`,
    `[ "sha256:$(sha256sum datapackage.json | cut -d' ' -f1)" = "$(python3 -c 'import json; print(json.load(open("datapackage-digest.json"))["hash"])')" ] && echo 'datapackage-digest.json: OK'`,
    EXTRACT_PY,
    'openssl pkey -pubin -inform DER -in wacz-pub.der -out wacz-pub.pem',
    'openssl dgst -sha256 -verify wacz-pub.pem -signature wacz-sig.der wacz-hash.txt',
    'openssl x509 -in wacz-cert.pem -noout -subject -issuer',
    'openssl x509 -in wacz-root.pem -noout -fingerprint -sha256',
    'openssl verify -CAfile ../root.pem wacz-cert.pem',
    "openssl x509 -in wacz-cert.pem -noout -pubkey | openssl pkey -pubin -outform DER | cmp - wacz-pub.der && echo 'certificate key = signing key: OK'",
    "openssl ts -verify -digest \"$(sha256sum datapackage.json | cut -d' ' -f1)\" -in wacz-ts.tst -token_in -CAfile ../root.pem -untrusted ../tsa-chain.pem",
    "openssl ts -reply -token_in -in wacz-ts.tst -text | grep -E '^(Time stamp|TSA)'",
    MAIN_RESPONSE_PY,
    "if command -v warcio >/dev/null; then warcio index archive/data.warc.gz > warc-index.jsonl && grep response warc-index.jsonl | head -n 3; else echo 'warcio: not installed (optional)'; fi",
    'cd ..', '```', '',
    '应依次看到：',
    '- 每个资源一行 `OK`（sha256sum -c），以及 `datapackage-digest.json: OK`：WACZ 的每个成员都未被改动，datapackage.json 与其摘要文件一致；',
    '- `Verified OK`：datapackage.json 的哈希由 WACZ 签名密钥签署；',
    `- 签名证书的 subject 为 \`CN = Cunzheng WACZ Signing\`，签发者为平台根证书；\`wacz-root.pem\` 的 SHA-256 指纹必须与第 0 步固定的根证书指纹逐字相同；\`wacz-cert.pem: OK\` 说明它由第 0 步的 root.pem 签发；\`certificate key = signing key: OK\` 说明证书正是为该签名密钥签发的（平台公布的同一证书：${publicUrl}/api/trust/wacz-signing.pem）；`,
    '- `Verification: OK`：时间戳令牌的消息摘要就是 datapackage.json 的 SHA-256，Time stamp 为 WACZ 打包时间（早于或等于账本条目时间）；',
    '- 主页面一节全部为 `OK`：CDXJ 索引指向的 WARC 响应记录的网址、块摘要与正文摘要（WARC-Payload-Digest）正确，且 provenance.json 中记录的最终网址、状态码、服务器 IP、正文大小和按线上顺序列出的响应头与该记录完全一致，pages.jsonl 列出该页面；整页截图 capture/screenshot.png 是 datapackage.json 中已核对哈希的资源。', '',
    '无论改动 WACZ 的哪一个字节，第 1 步的 SHA-256 都会与账本不符；以上各步进一步说明改动的是哪一部分。`node verify.mjs .` 的第 10 项「网页取证数据包 WACZ」自动完成同样的核验。', '',
  ];
  const en = [
    '## 7A. Inside the web archive (WACZ)', '',
    `The evidence file ${fileName} is a WACZ 1.1.1 web archive: datapackage.json lists the SHA-256 of every member (WARC, CDXJ index, pages, screenshot, provenance.json …); datapackage-digest.json holds its hash, the platform's ECDSA P-384 signature (WACZ Signing and Verification 0.1.0 anonymous mode, \`publicKey\`; \`crossSignedCert\` is the certificate the platform root issued for that key, then the root) and an RFC 3161 token. Run the shell block of section 7A above (unzip, sha256sum, python3, openssl; warcio optional). Expect: one \`OK\` per resource and \`datapackage.json: OK\`; \`Verified OK\` for the signature; a certificate \`CN = Cunzheng WACZ Signing\` whose root fingerprint equals the root pinned in section 0, \`wacz-cert.pem: OK\` and \`certificate key = signing key: OK\` (the same certificate is published at ${publicUrl}/api/trust/wacz-signing.pem); \`Verification: OK\` for the token over the SHA-256 of datapackage.json; and \`OK\` for every main-response line: the WARC record the CDXJ index points to has the main page URL and correct block and payload digests, and provenance.json's final URL, status, server IP, body size and wire-order headers describe exactly that record. \`node verify.mjs .\` runs the same checks (check 10, "Web archive (WACZ)").`, '',
  ];
  return { zh, en };
}
