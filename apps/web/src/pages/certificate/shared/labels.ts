/**
 * Copy of the certificate pages in Chinese (/attestation) and English (/English/attestation); the
 * English page has "the same structure and labels in English" (spec p1 §2).
 */
import { MSG, UI } from '@cunzheng/contract/messages';
import { MSG_MISSING, MSG_UPLOADING } from './rules';

/** Every text the certificate page and its dialogs show. */
export interface CertLabels {
  lang: 'zh' | 'en';
  pageTitle: string;
  baoquan: string;
  chainhash: string;
  chainhashHint: string;
  qrTitle: string;
  qrHint: string;
  phoneInfo: string;
  download: string;
  extract: string;
  print: string;
  pdf: string;
  /** 分享: copies the page link and shows it with its QR code (issue 8 §3). */
  share: string;
  shareTitle: string;
  shareHint: string;
  shareLink: string;
  shareCopy: string;
  shareCopied: string;
  shareCopyFailed: string;
  otherLanguage: string;
  deletedTitle: string;
  deletedText: string;
  notFound: string;
  loadFailed: string;
  back: string;
  printTitle: string;
  printIntro: string;
  printSteps: string[];
  printOk: string;
  cancel: string;
  extractTitle: string;
  extractLabel: string;
  extractPlaceholder: string;
  extractButton: string;
  extractHint: string;
  extractRequired: string;
  extractFormat: string;
  extractStarted: string;
  uploading: string;
  missing: string;
  phoneTitle: string;
  phoneFields: { name: string; model_name: string; version: string; processor: string; core: string; appAddress: string };
}

/** Chinese copy (spec p1 §8 messages verbatim where the spec gives them). */
export const zhLabels: CertLabels = {
  lang: 'zh',
  pageTitle: '保全证书',
  baoquan: '保全号',
  chainhash: '账本存证哈希',
  chainhashHint: '点击哈希可在账本浏览器中查看该存证记录并在浏览器内独立核验',
  qrTitle: '扫码在线查看',
  qrHint: '使用手机扫描二维码，在线查看本保全证书',
  phoneInfo: '手机信息',
  download: '下载证据',
  extract: '提取证据',
  print: '打印证书',
  pdf: '下载证书PDF',
  share: '分享',
  shareTitle: '分享保全证书',
  shareHint: '任何人打开此链接或扫描二维码即可在线查看本保全证书',
  shareLink: '证书链接',
  shareCopy: '复制链接',
  shareCopied: '链接已复制',
  shareCopyFailed: '复制失败，请手动复制链接',
  otherLanguage: 'English Version',
  deletedTitle: '所有者已删除该证据文件',
  deletedText: '证据文件已由所有者删除，无法再下载或提取；账本中的存证记录不可删除、依然保留，本证书及其账本证明仍可核验。',
  notFound: MSG.BAOQUAN_NOT_FOUND,
  loadFailed: '证书加载失败，请稍后刷新重试',
  back: UI.BACK_HOME,
  printTitle: '打印提示',
  printIntro: '为保证证书打印效果，请在浏览器的打印设置中：',
  printSteps: ['勾选“背景图形”', '缩放选择“默认”', '边距选择“无”'],
  printOk: '去打印',
  cancel: UI.CANCEL,
  extractTitle: UI.EXTRACT_TITLE,
  extractLabel: UI.TAB_EXTRACT_CODE,
  extractPlaceholder: '请输入证据提取码',
  extractButton: UI.EXTRACT_BUTTON,
  extractHint: '证据提取码由证据所有者提供',
  extractRequired: MSG.EXTRACT_CODE_REQUIRED,
  extractFormat: MSG.EXTRACT_CODE_FORMAT,
  extractStarted: '证据开始下载',
  uploading: MSG_UPLOADING,
  missing: MSG_MISSING,
  phoneTitle: '手机信息',
  phoneFields: { name: '设备名称', model_name: '设备型号', version: '系统版本', processor: '处理器', core: '核心数', appAddress: '取证应用地址' },
};

/** English copy; server messages (toasts) stay as the server sends them. */
export const enLabels: CertLabels = {
  lang: 'en',
  pageTitle: 'Preservation Certificate',
  baoquan: 'Certificate No.',
  chainhash: 'Ledger entry hash',
  chainhashHint: 'Click the hash to open the entry in the ledger explorer and verify it in your browser',
  qrTitle: 'Scan to view online',
  qrHint: 'Scan the QR code with a phone to view this certificate online',
  phoneInfo: 'Phone info',
  download: 'Download evidence',
  extract: 'Extract evidence',
  print: 'Print certificate',
  pdf: 'Download PDF',
  share: 'Share',
  shareTitle: 'Share this certificate',
  shareHint: 'Anyone with this link or QR code can view this certificate online',
  shareLink: 'Certificate link',
  shareCopy: 'Copy link',
  shareCopied: 'Link copied',
  shareCopyFailed: 'Copy failed, please copy the link by hand',
  otherLanguage: '中文版',
  deletedTitle: 'The owner deleted this evidence file',
  deletedText: 'The owner deleted the evidence file; it can no longer be downloaded or extracted. The ledger entry cannot be deleted and remains, so this certificate and its ledger proof can still be verified.',
  notFound: 'Certificate number does not exist',
  loadFailed: 'The certificate could not be loaded; please refresh later',
  back: 'Back to home',
  printTitle: 'Before printing',
  printIntro: 'For a correct printout, set in the browser print dialog:',
  printSteps: ['Background graphics: on', 'Scale: default', 'Margins: none'],
  printOk: 'Print',
  cancel: 'Cancel',
  extractTitle: 'Evidence extraction',
  extractLabel: 'Extraction code',
  extractPlaceholder: 'Enter the extraction code',
  extractButton: 'Extract',
  extractHint: 'The extraction code is provided by the owner of the evidence',
  extractRequired: 'Please enter the extraction code',
  extractFormat: 'The extraction code is 6 digits',
  extractStarted: 'Download started',
  uploading: 'The evidence is still uploading; please download it later',
  missing: 'The evidence file is missing and cannot be downloaded',
  phoneTitle: 'Phone info',
  phoneFields: { name: 'Device name', model_name: 'Model', version: 'OS version', processor: 'Processor', core: 'Cores', appAddress: 'Capture app address' },
};
