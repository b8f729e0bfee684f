/**
 * Help-centre how-to articles (issue 12 §3; spec p1 §7 GET /api/Education): step-by-step guides to the
 * platform's own features, as they work in this code base (pages, limits and checks named as built).
 */
import type { TArticle } from '@cunzheng/contract/query';

export const GUIDE_ARTICLES: readonly TArticle[] = [
  {
    id: 'guide-data-deposit',
    category: '操作指南',
    title: '如何进行数据存证并取得保全证书',
    summary: '上传文件即生成保全证书：文件指纹写入公开账本并取得可信时间戳。',
    source: '',
    sections: [
      {
        heading: '操作步骤',
        paragraphs: [
          '1. 登录后进入“数据存证”（/attestation-all/data），点击或拖拽文件到上传区域，可填写标题和标签。',
          '2. 点击“开始存证”。上传完成后，平台计算文件的 SHA-256 摘要，申请 RFC 3161 可信时间戳，并把摘要写入公开账本，生成保全号（以 CZ 开头）。',
          '3. 在列表中点击“证书”查看保全证书，可打印或下载 PDF 版证书（带数字签名）。',
        ],
      },
      {
        heading: '注意事项',
        paragraphs: [
          '保全的是文件的原始字节：之后对文件做任何修改（包括另存为、压缩、转码），摘要都会改变，核验将不一致。请妥善保存原始文件，或在平台中随时下载。',
          '每次存证按价格表扣除积分；积分不足时页面会提示前往“积分充值”。',
        ],
      },
    ],
  },
  {
    id: 'guide-music-deposit',
    category: '操作指南',
    title: '音乐作品存证操作指南',
    summary: '上传音频，并可同时上传歌词和曲谱，三者作为同一份证据保全，证书记录作品信息与时长。',
    source: '',
    sections: [
      {
        heading: '操作步骤',
        paragraphs: [
          '1. 进入“在线取证 → 音乐存证”（/evidences-all/music）。',
          '2. 选择音频文件（MP3、WAV、FLAC、AAC、M4A、OGG 等，不超过 200 MB）；可选歌词文件（TXT、LRC、PDF、DOCX）和曲谱文件（PDF、PNG、JPG、MusicXML、MIDI）。',
          '3. 填写作品名称（必填）、作词、作曲、表演者、专辑；如已取得 ISRC（国际标准录音制品编码），按 CN-A12-26-00001 的格式填写，平台会校验格式。',
          '4. 点击“开始存证”。时长由平台从音频文件中读取；音频的 SHA-256 写入账本，歌词与曲谱的摘要记录在同一份证书中。',
        ],
      },
      {
        heading: '查看与出示',
        paragraphs: [
          '证书页 /evidencesMusic/{保全号} 对任何人公开，显示作品信息与各文件的摘要；作品所有者可在证书页直接试听并下载歌词、曲谱，其他人需输入证据提取码才能提取音频。',
          '也可以在“音乐存证证书查询”（/queryAuthentication/musickeeping）按保全号查询。',
        ],
      },
    ],
  },
  {
    id: 'guide-verify',
    category: '操作指南',
    title: '如何核验一份保全证书',
    summary: '不需要登录，也不需要信任本平台：按编号、按文件或按摘要核验，并可离线核验证据包。',
    source: '',
    sections: [
      {
        heading: '在线核验',
        paragraphs: [
          '“证书查询”（/queryAuthentication）提供：按保全号查询任意类型的证书（单证核验）；选择本地文件与保全号比对（文件只在浏览器中计算摘要，不会上传）；按电子数据的 SHA-256 或 SM3 摘要查找证书。',
          '证书中的“账本存证哈希”可在账本浏览器中打开，浏览器会在本地验证默克尔包含证明与签名检查点。',
        ],
      },
      {
        heading: '用公开工具核验',
        paragraphs: [
          'sha256sum 文件名：结果应等于证书上的文件 SHA-256。',
          'openssl ts -verify -data 文件 -in 时间戳.tsr -CAfile root.pem：验证可信时间戳。',
          '下载证据包（zip）后运行 npx cunzheng-verify 证据包.zip，或按包内 VERIFY.md 逐项核验。',
        ],
      },
    ],
  },
  {
    id: 'guide-extract-code',
    category: '操作指南',
    title: '证据提取码的使用',
    summary: '他人打开证书后，输入所有者提供的 6 位证据提取码即可下载证据原件。',
    source: '',
    sections: [
      {
        heading: '所有者',
        paragraphs: ['在“基本设置 → 证据提取码”查看并复制自己的提取码；一个提取码适用于本账户的全部证据，可随时重置，重置后旧码立即失效。'],
      },
      {
        heading: '查看者',
        paragraphs: [
          '打开证书页，点击“提取证据”，在“证据提取”对话框中输入提取码（最多 30 个字符），点击“提取”即可下载。',
          '多次输入错误后需要输入图形验证码；请向证据所有者确认提取码，切勿反复猜测。',
        ],
      },
    ],
  },
  {
    id: 'guide-litigation',
    category: '操作指南',
    title: '在诉讼中使用存证证据',
    summary: '提交原件、保全证书与核验说明，必要时申请公证或鉴定。',
    source: '',
    sections: [
      {
        heading: '建议提交的材料',
        paragraphs: [
          '1. 证据原件（或从平台下载的与原件一致的文件）；2. 保全证书 PDF；3. 证据包（含账本证明、检查点、时间戳与 VERIFY.md）；4. 当庭核验方法：扫描证书二维码或访问证书查询页。',
        ],
      },
      {
        heading: '需要更强证明力时',
        paragraphs: ['可对已保全的证据申请在线公证（“在线公证”），公证书编号可在“证书查询 → 公证书查询”中核验。根据《最高人民法院关于民事诉讼证据的若干规定》第九十四条，经公证的电子数据，人民法院应当确认其真实性，但有相反证据足以推翻的除外。'],
      },
    ],
  },
];
