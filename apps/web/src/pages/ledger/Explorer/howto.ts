/**
 * Texts telling a stranger how to repeat each explorer check with public tools only (coreutils,
 * Python 3's standard library, OpenSSL 3), pre-filled with this entry's values. DESIGN.md Trust
 * design §2, §5 ("how to verify each with public tools").
 */
import type { LedgerProof } from '../../../api/ledger';

/** One check's explanation: prose and a ready-to-run script. */
export interface HowTo {
  text: string;
  script: string;
}

/** Step 1: the leaf hash from the exact bytes (coreutils). */
export function howToLeaf(data: LedgerProof, chainhash: string): HowTo {
  return {
    text:
      '账本存证哈希就是 RFC 6962 的叶子哈希：把账本条目的原始字节（下方 base64）解码，在最前面加一个字节 0x00，' +
      '再计算 SHA-256。任何装有 base64 和 sha256sum 的电脑都能复算，结果应与账本存证哈希完全相同。',
    script: [
      `echo '${data.leaf}' | base64 -d > entry.json`,
      `(printf '\\000'; cat entry.json) | sha256sum`,
      `# 应输出 ${chainhash.toLowerCase()}`,
    ].join('\n'),
  };
}

/** Step 2: the inclusion proof up to the checkpoint root (Python 3 standard library). */
export function howToInclusion(data: LedgerProof): HowTo {
  const proof = data.proof.map((p) => `    '${p}',`).join('\n');
  return {
    text:
      '包含证明按 RFC 6962 / RFC 9162 §2.1.3.2 的算法验证：从叶子哈希出发，依次与证明中的每个兄弟哈希合并' +
      '（内部节点哈希 = SHA-256(0x01 ‖ 左 ‖ 右)，左右由叶子序号和树大小决定），最后得到的根哈希应等于签名检查点第三行的根哈希。' +
      '下面的 Python 3 脚本只用标准库；也可使用开源库 github.com/transparency-dev/merkle 的 proof.VerifyInclusion。',
    script: [
      'import base64, hashlib',
      'h = lambda b: hashlib.sha256(b).digest()',
      `leaf = base64.b64decode('${data.leaf}')`,
      'proof = [',
      proof,
      ']',
      `index, size = ${data.leafIndex}, ${data.treeSize}`,
      "r = h(b'\\x00' + leaf)",
      'fn, sn = index, size - 1',
      'for p in map(base64.b64decode, proof):',
      '    if fn % 2 == 1 or fn == sn:',
      "        r = h(b'\\x01' + p + r)",
      '        while fn % 2 == 0 and fn != 0:',
      '            fn, sn = fn >> 1, sn >> 1',
      '    else:',
      "        r = h(b'\\x01' + r + p)",
      '    fn, sn = fn >> 1, sn >> 1',
      "print(sn == 0, base64.b64encode(r).decode())  # 应输出 True 和检查点第三行的根哈希",
    ].join('\n'),
  };
}

/** Step 3: the checkpoint's Ed25519 signature (coreutils + OpenSSL 3). */
export function howToSignature(origin: string): HowTo {
  return {
    text:
      '签名检查点采用 C2SP signed-note 格式：空行之前是检查点正文（日志名称、树大小、根哈希），之后是签名行“— 名称 base64(4字节密钥ID ‖ 64字节签名)”。' +
      '验证公钥从 ' +
      `${origin}/api/ledger/key 获取，格式为 名称+密钥ID+base64(0x01 ‖ 32字节Ed25519公钥)。把下方签名检查点全文保存为 checkpoint.txt，用 OpenSSL 3 即可验证；` +
      '也可使用 Go 的 golang.org/x/mod/sumdb/note 包的 note.Open。公钥应与平台公开发布的公钥核对一致。',
    script: [
      `curl -s ${origin}/api/ledger/key > key.txt`,
      "sed 's/^[^+]*+[^+]*+//' key.txt | base64 -d | tail -c 32 > pub.raw",
      "(printf '\\060\\052\\060\\005\\006\\003\\053\\145\\160\\003\\041\\000'; cat pub.raw) > pub.der",
      "sed '/^$/,$d' checkpoint.txt > body.txt",
      "grep \"^— $(cut -d+ -f1 key.txt) \" checkpoint.txt | head -1 | cut -d' ' -f3 | base64 -d | tail -c 64 > sig.bin",
      'openssl pkeyutl -verify -pubin -keyform DER -inkey pub.der -rawin -in body.txt -sigfile sig.bin',
      '# 应输出 Signature Verified Successfully',
    ].join('\n'),
  };
}
