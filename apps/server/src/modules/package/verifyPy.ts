/**
 * verify.py of an evidence package (issue 10 §5): the hash and ledger checks with the Python 3 standard
 * library only, for experts without Node — manifest hashes, the evidence file's SHA-256 and size against
 * entry.json, the chainhash, the RFC 6962 inclusion proof against the checkpoint root, and (when present)
 * the anchor's consistency proof. Signatures (Ed25519 checkpoint, RFC 3161, PDF) need openssl/pdfsig:
 * the script prints the VERIFY.md sections that do them. Exit status 0 when every check passed.
 */
export const VERIFY_PY = String.raw`#!/usr/bin/env python3
"""Cunzheng evidence package: hash and ledger checks (Python 3 standard library only).
Run inside the unzipped package: python3 verify.py
Signatures are checked with openssl and pdfsig as VERIFY.md describes."""
import base64, hashlib, json, os, sys

H = lambda b: hashlib.sha256(b).digest()
ok = True

def report(good, zh, en):
    global ok
    ok = ok and good
    print(('OK     ' if good else 'FAILED ') + zh + ' / ' + en)

def sha_file(name):
    h, n = hashlib.sha256(), 0
    with open(name, 'rb') as f:
        for chunk in iter(lambda: f.read(1 << 20), b''):
            h.update(chunk)
            n += len(chunk)
    return h.hexdigest(), n

m = json.load(open('manifest.json', encoding='utf-8'))
for x in m['members']:
    if not os.path.isfile(x['name']):
        report(False, '缺少成员 ' + x['name'], 'member missing: ' + x['name'])
        continue
    d, n = sha_file(x['name'])
    report(d == x['sha256'] and n == x['size'], '清单成员 ' + x['name'], 'manifest member ' + x['name'])

entry_bytes = open('entry.json', 'rb').read()
entry = json.loads(entry_bytes)
d, n = sha_file(m['evidence'])
report(d == entry['sha256'] and n == entry['size'], '证据文件 SHA-256 与大小 = entry.json（' + d + '）', 'evidence SHA-256 and size = entry.json')
if 'sm3' in entry:
    try:
        g = hashlib.new('sm3')
        with open(m['evidence'], 'rb') as f:
            for chunk in iter(lambda: f.read(1 << 20), b''):
                g.update(chunk)
        report(g.hexdigest() == entry['sm3'], '证据文件 SM3 = entry.json', 'evidence SM3 = entry.json')
    except ValueError:
        print('       本机 Python 不支持 SM3，请用 openssl dgst -sm3 核对 / no SM3 in this Python: use openssl dgst -sm3')
leaf = H(b'\x00' + entry_bytes)
print('       账本存证哈希 / chainhash: ' + leaf.hex())

head, cp = open('proof.tlog-proof', encoding='utf-8').read().split('\n\n', 1)
lines = head.split('\n')
rest = lines[1:]
if rest and rest[0].startswith('extra '):
    rest = rest[1:]
index = int(rest[0].split(' ')[1])
proof = [base64.b64decode(x) for x in rest[1:]]
origin, size, root = cp.split('\n')[:3]
size, root = int(size), base64.b64decode(root)
r, fn, sn = leaf, index, size - 1
for p in proof:
    if sn == 0:
        r = None
        break
    if fn % 2 == 1 or fn == sn:
        r = H(b'\x01' + p + r)
        while fn % 2 == 0 and fn != 0:
            fn, sn = fn >> 1, sn >> 1
    else:
        r = H(b'\x01' + r + p)
    fn, sn = fn >> 1, sn >> 1
report(lines[0] == 'c2sp.org/tlog-proof@v1' and r is not None and sn == 0 and r == root,
       '包含证明：第 %d 条在 %d 条的账本树中（%s）' % (index, size, origin), 'inclusion of entry %d in the tree of %d (%s)' % (index, size, origin))
report(open('checkpoint.txt', encoding='utf-8').read() == cp, 'checkpoint.txt 与 proof.tlog-proof 中的检查点一致', 'checkpoint.txt equals the checkpoint in proof.tlog-proof')

if os.path.isfile('anchor.json'):
    a = json.load(open('anchor.json', encoding='utf-8'))
    n2, r2 = size, root
    n1, r1 = a['size'], base64.b64decode(a['root'])
    if n1 > n2:
        n1, r1, n2, r2 = n2, r2, n1, r1
    pr = [base64.b64decode(x) for x in a['consistency']['proof']]
    good = (a['consistency']['first'], a['consistency']['second']) == (n1, n2)
    if n1 == n2:
        good = good and not pr and r1 == r2
    else:
        path = ([r1] if n1 & (n1 - 1) == 0 else []) + pr
        fn, sn = n1 - 1, n2 - 1
        while fn & 1:
            fn, sn = fn >> 1, sn >> 1
        fr = sr = path[0]
        for q in path[1:]:
            if sn == 0:
                good = False
                break
            if fn & 1 or fn == sn:
                fr, sr = H(b'\x01' + q + fr), H(b'\x01' + q + sr)
                while not fn & 1 and fn != 0:
                    fn, sn = fn >> 1, sn >> 1
            else:
                sr = H(b'\x01' + sr + q)
            fn, sn = fn >> 1, sn >> 1
        good = good and sn == 0 and fr == r1 and sr == r2
    report(good, '锚定检查点（%d 条）与本检查点一致' % a['size'], 'the anchored checkpoint (%d entries) is consistent with this one' % a['size'])

print('签名（检查点 Ed25519、RFC 3161 时间戳、PDF）请按 VERIFY.md 第 4–6 节用 openssl 和 pdfsig 核验。')
print('Signatures (checkpoint Ed25519, RFC 3161, PDF): VERIFY.md sections 4-6 with openssl and pdfsig.')
print('结论 / Verdict: ' + ('通过 / PASSED' if ok else '未通过 / FAILED'))
sys.exit(0 if ok else 1)
`;
