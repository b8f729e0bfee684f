/**
 * How a stranger repeats the anchor checks with public tools (curl, jq, xxd, base64, sha256sum; or
 * Foundry's `cast`), pre-filled with this entry's values (issue 3 §3; format: contract/anchor.ts).
 */
import type { TAnchorProof } from '@cunzheng/contract/anchor';
import type { HowTo } from './howto';

/** Reading the anchor transaction from any node of the chain and decoding its calldata. */
export function howToCalldata(a: TAnchorProof, origin: string, leafIndex: number): HowTo {
  return {
    text:
      `锚定交易是 ${a.from} 发给自身、金额为 0 的交易，其输入数据（calldata）依次为：4 字节魔数 435a4131（ASCII “CZA1”）、8 字节树大小（大端）、` +
      '32 字节根哈希、32 字节签名检查点全文的 SHA-256、其余为日志名称（origin，UTF-8）。在区块浏览器中打开交易、查看 Input Data，' +
      '或用该链任一 JSON-RPC 节点按下面的脚本读取并解码；树大小与根哈希应与锚定检查点的第二、三行一致，检查点哈希应等于锚定检查点全文的 SHA-256。',
    script: [
      `TX=${a.txHash}`,
      `RPC=https://…   # 该链（链 ID ${a.chainId}）任一 JSON-RPC 节点`,
      `input=$(curl -s -X POST -H 'content-type: application/json' --data '{"jsonrpc":"2.0","id":1,"method":"eth_getTransactionByHash","params":["'$TX'"]}' $RPC | jq -r .result.input)`,
      '# 或：input=$(cast tx $TX input --rpc-url $RPC)',
      'echo "magic  ${input:2:8}   # 应为 435a4131"',
      'echo "size   $((16#${input:10:16}))"',
      'echo "root   $(echo ${input:26:64} | xxd -r -p | base64)"',
      'echo "note   ${input:90:64}"',
      'echo "origin $(echo ${input:154} | xxd -r -p)"',
      `curl -s '${origin}/api/ledger/anchor?index=${leafIndex}' | jq -j .data.anchor.anchoredCheckpoint > anchored.txt`,
      'cat anchored.txt; sha256sum anchored.txt   # 第二、三行 = size、root；哈希 = note',
    ].join('\n'),
  };
}

/** The consistency proof from the entry's checkpoint to the anchored one (Python 3 standard library). */
export function howToAnchorConsistency(a: TAnchorProof): HowTo {
  const proof = a.consistency.map((p) => `    '${p}',`).join('\n');
  return {
    text:
      '一致性证明按 RFC 9162 §2.1.4.2 的算法验证：它证明较小的树（本条目首次被签名检查点覆盖时的树）是锚定时那棵树的前缀，' +
      '即账本在两者之间只追加、未改写。下面的 Python 3 脚本只用标准库；也可使用开源库 github.com/transparency-dev/merkle 的 proof.VerifyConsistency。',
    script: [
      'import base64, hashlib',
      'h = lambda b: hashlib.sha256(b).digest()',
      `n1, n2 = ${a.entryCheckpoint.size}, ${a.size}`,
      `r1 = base64.b64decode('${a.entryCheckpoint.root}')`,
      `r2 = base64.b64decode('${a.root}')`,
      'proof = [',
      proof,
      ']',
      'proof = [base64.b64decode(p) for p in proof]',
      'if n1 == n2:',
      '    ok = not proof and r1 == r2',
      'else:',
      '    if (n1 & (n1 - 1)) == 0: proof = [r1] + proof',
      '    fn, sn = n1 - 1, n2 - 1',
      '    while fn & 1: fn >>= 1; sn >>= 1',
      '    fr = sr = proof[0]',
      '    ok = True',
      '    for c in proof[1:]:',
      '        if sn == 0: ok = False; break',
      '        if fn & 1 or fn == sn:',
      "            fr = h(b'\\x01' + c + fr); sr = h(b'\\x01' + c + sr)",
      '            while not fn & 1 and fn != 0: fn >>= 1; sn >>= 1',
      "        else: sr = h(b'\\x01' + sr + c)",
      '        fn >>= 1; sn >>= 1',
      '    ok = ok and sn == 0 and fr == r1 and sr == r2',
      "print('一致性证明有效' if ok else '一致性证明无效')",
    ].join('\n'),
  };
}

/** The link between the anchored checkpoint and the checkpoint of the inclusion proof. */
export function howToAnchorLink(anchored: number, current: number, origin: string): HowTo {
  const [a, b] = anchored <= current ? [anchored, current] : [current, anchored];
  return {
    text:
      '上方的包含证明是针对当前签名检查点验证的；锚定检查点与当前检查点之间的一致性证明说明两者属于同一账本，较小者是较大者的前缀。' +
      '由于锚定检查点的树大小大于本条目的叶子序号，本条目就在写入区块链的那棵树之中。可用上一项的脚本验证此证明。',
    script: a === b ? '# 两个检查点相同，无需一致性证明' : `curl -s '${origin}/api/ledger/consistency?first=${a}&second=${b}' | jq .data.proof`,
  };
}
