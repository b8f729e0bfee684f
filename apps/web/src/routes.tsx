/**
 * THE route table of spec p2 §2 (DESIGN.md Web app conventions): every page of the app is listed
 * here and nowhere else. Each route's `handle` says its document title, whether it needs login
 * (`auth`: logged-out visitors go to `/login?redirect=<full path>`), which stored ROLE values may
 * open it (`roles`) and whether/how it appears in the header menu (`menu`).
 *
 * Only pages that exist are registered; later issues add theirs. Every page is lazy-loaded through
 * `page()` (lazyPage.tsx: the entry preloads the current URL's layout and page in parallel; pages built
 * with antd get its theme and locale with their code, `{ antd: true }`, so the entry has no antd), and
 * the public certificate pages sit under a light layout, so a first visit to
 * `/attestation/{baoquan}` does not download the account area (issue 2 §8).
 */
import { Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './layouts/RootLayout';
import { PublicLayout } from './layouts/PublicLayout';
import { RouteError } from './layouts/RouteError';
import { GuestOnly } from './layouts/GuestOnly';
import { OperatorGate } from './layouts/OperatorGate';
import { page } from './lazyPage';
import { asHandle, type MenuEntry, type RouteHandle } from './routeHandle';

export { asHandle, type MenuEntry, type MenuHandle, type RouteHandle } from './routeHandle';

// Layouts: the main (account) layout is lazy; the public layout is small (plain markup), loaded
// with the entry so a certificate page needs no extra round trip for it.
const MainLayout = page(() => import('./layouts/MainLayout/index.tsx'));
// antd's App context (App.useApp message/modal) for the pages that use it; not needed by /home.
const AntdApp = page(() => import('./layouts/AntdAppLayout.tsx'));

// Account-side pages.
const Home = page(() => import('./pages/home/Home/index.tsx'));
const Login = page(() => import('./pages/auth/Login/index.tsx'));
const Register = page(() => import('./pages/auth/Register/index.tsx'));
const ForgetPwd = page(() => import('./pages/auth/ForgetPwd/index.tsx'));
// THE evidence list and download page of every kind (issue 11 §1): each route passes its kind id of
// the contract registry (@cunzheng/contract/evidenceKinds); the kind's config says the rest.
const EvidenceList = page(() => import('./pages/evidence/List/index.tsx'));
const EvidenceDownload = page(() => import('./pages/evidence/Download/index.tsx'));
const NotFound = page(() => import('./pages/error/NotFound/index.tsx'));
// Points, recharge and orders (issue 13).
const BuyCredits = page(() => import('./pages/commerce/BuyCredits/index.tsx'));
const Orders = page(() => import('./pages/commerce/Orders/index.tsx'));
const Invoice = page(() => import('./pages/commerce/Invoice/index.tsx'));
const InvoiceDetails = page(() => import('./pages/commerce/InvoiceDetails/index.tsx'));
const MakeOutInvoice = page(() => import('./pages/commerce/MakeOutInvoice/index.tsx'));
const AdminInvoices = page(() => import('./pages/admin/Invoices/index.tsx'));
const AdminPoints = page(() => import('./pages/admin/Points/index.tsx'));
// Web page evidence (issue 4).
const NewWeb = page(() => import('./pages/newWeb/index.tsx'));
// Process evidence, desktop and mobile (issue 11 §2).
const NewProcess = page(() => import('./pages/process/New/index.tsx'));
const ProcessSession = page(() => import('./pages/process/Session/index.tsx'));
const ProcessPreview = page(() => import('./pages/process/Preview/index.tsx'));
const EvidencesAll = page(() => import('./layouts/EvidencesAll.tsx'));
const AttestationAll = page(() => import('./layouts/AttestationAll.tsx'));
// Account area, public pages and the operator console (issue 5).
const Overview = page(() => import('./pages/account/Overview/index.tsx'));
const Setting = page(() => import('./pages/account/Setting/index.tsx'));
const Notifications = page(() => import('./pages/account/Notifications/index.tsx'));
const Signature = page(() => import('./pages/account/Signature/index.tsx'));
const HelpCenter = page(() => import('./pages/public/HelpCenter/index.tsx'));
const Production = page(() => import('./pages/public/Production/index.tsx'));
const Legal = page(() => import('./pages/public/Legal/index.tsx'));
const AppDownload = page(() => import('./pages/public/AppDownload/index.tsx'));
const Activity = page(() => import('./pages/public/Activity/index.tsx'));
const AdminUsers = page(() => import('./pages/admin/Users/index.tsx'));
const AdminNotify = page(() => import('./pages/admin/Notify/index.tsx'));
const AdminAnnouncements = page(() => import('./pages/admin/Announcements/index.tsx'));
const AdminAuditLog = page(() => import('./pages/admin/AuditLog/index.tsx'));
const AdminLedgerAudit = page(() => import('./pages/admin/LedgerAudit/index.tsx'));
// Real-name verification (issue 14 §1, §2, §5).
const PersonageKyc = page(() => import('./pages/kyc/PersonageKyc/index.tsx'));
const PersonInfo = page(() => import('./pages/kyc/PersonInfo/index.tsx'));
const OrganizationKyc = page(() => import('./pages/kyc/OrganizationKyc/index.tsx'));
const KycInfo = page(() => import('./pages/kyc/KycInfo/index.tsx'));
const FaceSim = page(() => import('./pages/kyc/FaceSim/index.tsx'));
const AdminKycReview = page(() => import('./pages/admin/KycReview/index.tsx'));
// Enterprise members and roles (issue 14 §3–4).
const Members = page(() => import('./pages/members/List/index.tsx'));
const MemberDetail = page(() => import('./pages/members/Detail/index.tsx'));
const MemberCompany = page(() => import('./pages/members/Company/index.tsx'));
const AdminMembers = page(() => import('./pages/admin/Members/index.tsx'));
// Online notarization (issue 15): the user's orders, evidence selection, the four steps, detail; the notary office's console.
const NotaryList = page(() => import('./pages/notary/List/index.tsx'));
const NotarySelectList = page(() => import('./pages/notary/SelectList/index.tsx'));
const NotarySteps = page(() => import('./pages/notary/Steps/index.tsx'));
const NotaryDetail = page(() => import('./pages/notary/Detail/index.tsx'));
const NotaryOffice = page(() => import('./pages/notary/Office/index.tsx'));
const AdminNotary = page(() => import('./pages/admin/Notary/index.tsx'));

// Public certificate, ledger and query pages (written by web B).
// THE certificate layout of every kind (issue 11 §1): each route passes its kind id (and language).
const Certificate = page(() => import('./pages/certificate/Certificate/index.tsx'));
/** The shared pages every kind's routes point at (src/routes.kinds.test.tsx checks them against the registry). */
export const KIND_PAGES = { list: EvidenceList, download: EvidenceDownload, certificate: Certificate } as const;
const MobileAttestation = page(() => import('./pages/certificate/MobileAttestation/index.tsx'));
const MobilePreview = page(() => import('./pages/app/Preview/index.tsx'), { antd: true });
const MobilePreviewProgress = page(() => import('./pages/app/PreviewProgress/index.tsx'), { antd: true });
const LedgerExplorer = page(() => import('./pages/ledger/Explorer/index.tsx'));
const Safekeeping = page(() => import('./pages/query/Safekeeping/index.tsx'));
const VerifyPage = page(() => import('./pages/verify/Verify/index.tsx'));
// Public query pages and the QR landing page (issue 12 §3).
const QueryAuthentication = page(() => import('./pages/query/QueryAuthentication/index.tsx'));
const QueryNotarial = page(() => import('./pages/query/QueryAuthentication/Notarial.tsx'));
const QueryMutual = page(() => import('./pages/query/QueryAuthentication/MutualEvidence.tsx'));
const QueryKeepSingle = page(() => import('./pages/query/QueryAuthentication/KeepSingle.tsx'));
const QueryElectronic = page(() => import('./pages/query/QueryAuthentication/ElectronicData.tsx'));
const EnglishSafekeeping = page(() => import('./pages/query/EnglishSafekeeping/index.tsx'));
const Dama = page(() => import('./pages/query/Dama/index.tsx'));

/** Handles, named so the header can build its menu from them. */
const H = {
  home: { title: '首页', prerender: true, menu: { label: '首页', order: 10 } },
  login: { title: '登录', prerender: true },
  register: { title: '注册', prerender: true },
  forgetpwd: { title: '找回密码', prerender: true },
  attestationAll: { title: '数据存证', auth: true, menu: { label: '数据存证', order: 20 } },
  data: { title: '数据存证', auth: true },
  download: { title: '批量下载', auth: true },
  attestation: { title: '保全证书', prerender: true },
  englishAttestation: { title: 'Preservation Certificate', prerender: true },
  mobileAttestation: { title: '保全证书' },
  mobilePreview: { title: '证据预览' },
  mobilePreviewProgress: { title: '证据预览' },
  appList: { title: 'App取证', auth: true },
  appEvidenceDownload: { title: '批量下载', auth: true },
  ledger: { title: '账本浏览器' },
  safekeeping: { title: '证书查询', prerender: true, menu: { label: '证书查询', order: 30 } },
  prokeeping: { title: '过程取证证书查询', prerender: true },
  verify: { title: '证据核验', prerender: true },
  evidencesAll: { title: '在线取证', auth: true, menu: { label: '在线取证', order: 25 } },
  webList: { title: '网页取证', auth: true },
  webDownload: { title: '批量下载', auth: true },
  newWeb: { title: '网页取证', auth: true },
  evidencesWeb: { title: '网页取证保全证书' },
  newProcess: { title: '过程取证', auth: true },
  newMobile: { title: '手机过程取证', auth: true },
  processQueue: { title: '过程取证', auth: true },
  mobileQueue: { title: '手机过程取证', auth: true },
  processPreview: { title: '取证录像回放', auth: true },
  processList: { title: '过程取证', auth: true },
  processDownload: { title: '批量下载', auth: true },
  mobileList: { title: '手机过程取证', auth: true },
  mobileDownload: { title: '批量下载', auth: true },
  evidencesPro: { title: '过程取证保全证书' },
  musicList: { title: '音乐存证', auth: true },
  musicDownload: { title: '批量下载', auth: true },
  evidencesMusic: { title: '音乐存证保全证书' },
  musickeeping: { title: '音乐存证证书查询', prerender: true },
  queryAuthentication: { title: '证书查询' },
  notarial: { title: '公证书查询', prerender: true },
  mutualEvidence: { title: '文件比对核验', prerender: true },
  keepSingle: { title: '单证核验', prerender: true },
  electronicData: { title: '电子数据核验', prerender: true },
  englishSafekeeping: { title: 'Certificate Check', prerender: true },
  dama: { title: '保全证书' },
  overview: { title: '概览', auth: true, roles: ['1'], menu: { label: '概览', order: 15, hideForRoles: ['2'], loggedInOnly: true } },
  setting: { title: '基本设置', auth: true, roles: ['1'], menu: { label: '基本设置', order: 110, area: 'account', hideForRoles: ['2'] } },
  notifications: { title: '消息通知', auth: true, menu: { label: '消息通知', order: 120, area: 'account' } },
  orders: { title: '订单管理', auth: true, menu: { label: '订单管理', order: 140, area: 'account' } },
  buyCredits: { title: '积分充值', auth: true },
  invoice: { title: '发票管理', auth: true, roles: ['1'], menu: { label: '发票管理', order: 150, area: 'account', hideForRoles: ['2'] } },
  invoiceDetails: { title: '发票详情', auth: true, roles: ['1'] },
  makeOutInvoice: { title: '申请开票', auth: true, roles: ['1'] },
  adminInvoices: { title: '发票处理' },
  // Header: the KYC form before verification, 认证信息 after (spec p2 §2), by account type.
  personageKyc: { title: '个人实名认证', auth: true, roles: ['1'], menu: { label: '实名认证', order: 100, area: 'account', accountType: 1, verified: false, hideForRoles: ['2'] } },
  personInfo: { title: '认证信息', auth: true, roles: ['1'], menu: { label: '认证信息', order: 100, area: 'account', accountType: 1, verified: true, hideForRoles: ['2'] } },
  organizationKyc: { title: '企业认证', auth: true, roles: ['1'], menu: { label: '企业认证', order: 100, area: 'account', accountType: 2, verified: false, hideForRoles: ['2'] } },
  kycInfo: { title: '企业认证信息', auth: true, roles: ['1'], menu: { label: '认证信息', order: 100, area: 'account', accountType: 2, verified: true, hideForRoles: ['2'] } },
  faceSim: { title: '人脸识别' },
  adminKyc: { title: '实名审核' },
  adminPoints: { title: '积分与价格' },
  member: { title: '成员管理', auth: true, roles: ['1'], menu: { label: '成员管理', order: 135, area: 'account', hideForRoles: ['2'], accountType: 2 } },
  memberDetail: { title: '成员详情', auth: true, roles: ['1'] },
  // Role 2 (company member): the read-only company qualification info and unbind (spec p2 §6).
  memberCompany: { title: '企业信息', auth: true, menu: { label: '企业信息', order: 105, area: 'account', hideForRoles: ['1'] } },
  adminMembers: { title: '成员审核' },
  // Online notarization (issue 15; spec p2 §2): hidden from role 2 (p2 §6).
  notary: { title: '在线公证', auth: true, roles: ['1'], menu: { label: '在线公证', order: 35, hideForRoles: ['2'], loggedInOnly: true } },
  notaryDetail: { title: '公证详情', auth: true, roles: ['1'] },
  notarySelectList: { title: '选择公证证据', auth: true, roles: ['1'] },
  readingMaterial: { title: '公证申请', auth: true, roles: ['1'] },
  // The office's console: in the menu for notary users only (userInfo.notary, issue 15 §3).
  notaryOffice: { title: '公证机构工作台', auth: true, roles: ['1'], menu: { label: '公证工作台', order: 36, hideForRoles: ['2'], loggedInOnly: true, notaryOnly: true } },
  adminNotary: { title: '公证机构' },
  signature: { title: '签章管理', auth: true, roles: ['1'], menu: { label: '签章管理', order: 130, area: 'account', hideForRoles: ['2'] } },
  helpCenter: { title: '帮助中心', prerender: true },
  production: { title: '产品介绍', prerender: true, menu: { label: '产品介绍', order: 40 } },
  privacy: { title: '隐私政策', prerender: true },
  privacyMain: { title: '隐私政策', prerender: true },
  privacyList: { title: '个人信息收集清单', prerender: true },
  privacySList: { title: '第三方信息共享清单', prerender: true },
  privacyIList: { title: '个人信息查阅、导出与删除', prerender: true },
  userAgreement: { title: '用户服务协议', prerender: true },
  clause: { title: '存证服务规则', prerender: true },
  // Not prerendered (issue 16): the page reads window.location while rendering.
  appDownload: { title: '移动端使用', prerender: true },
  activity: { title: '平台活动', prerender: true },
  admin: { title: '运营后台', auth: true, roles: ['operator'] },
  adminUsers: { title: '用户管理' },
  adminNotify: { title: '发送通知' },
  adminAnnouncements: { title: '公告管理' },
  adminAuditLog: { title: '审计日志' },
  adminLedgerAudit: { title: '账本审计' },
  notFound: { title: '页面不存在', prerender: true },
} satisfies Record<string, RouteHandle>;

/** The route objects given to `createBrowserRouter` (history mode). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <MainLayout getMenu={getMenu} />,
        children: [
          { path: '/', element: <Navigate to="/home" replace /> },
          { path: '/home', element: <Home />, handle: H.home },
          { path: '/helpCenter', element: <HelpCenter />, handle: H.helpCenter },
          { path: '/production', element: <Production />, handle: H.production },
          { path: '/privacy', element: <Legal doc="privacy" />, handle: H.privacy },
          { path: '/privacy-main', element: <Legal doc="privacyMain" />, handle: H.privacyMain },
          { path: '/privacy-list', element: <Legal doc="privacyList" />, handle: H.privacyList },
          { path: '/privacy-slist', element: <Legal doc="privacySList" />, handle: H.privacySList },
          { path: '/privacy-ilist', element: <Legal doc="privacyIList" />, handle: H.privacyIList },
          { path: '/user-agreement', element: <Legal doc="userAgreement" />, handle: H.userAgreement },
          { path: '/clause', element: <Legal doc="clause" />, handle: H.clause },
          { path: '/appDownload', element: <AppDownload />, handle: H.appDownload },
          { path: '/activity', element: <Activity />, handle: H.activity },
          // Logged-in users go where they were headed or home, not to the forms (issue 8 §3). Outside
          // AntdApp: these pages use no antd (issue 16), the request wrapper's own toast shows errors.
          { path: '/login', element: <GuestOnly><Login /></GuestOnly>, handle: H.login },
          { path: '/register', element: <GuestOnly><Register /></GuestOnly>, handle: H.register },
          { path: '/forgetpwd', element: <GuestOnly><ForgetPwd /></GuestOnly>, handle: H.forgetpwd },
          {
            element: <AntdApp />,
            children: [
              {
                path: '/attestation-all',
                element: <AttestationAll />,
                handle: H.attestationAll,
                children: [
                  { index: true, element: <Navigate to="/attestation-all/data" replace /> },
                  { path: 'data', element: <EvidenceList kind="data" />, handle: H.data },
                  { path: 'data/download', element: <EvidenceDownload kind="data" />, handle: H.download },
                  { path: 'app', element: <EvidenceList kind="app" />, handle: H.appList },
                  { path: 'app/download', element: <EvidenceDownload kind="app" />, handle: H.appEvidenceDownload },
                ],
              },
              { path: '/newWeb', element: <NewWeb />, handle: H.newWeb },
              { path: '/newProcess', element: <NewProcess kind="process" />, handle: H.newProcess },
              { path: '/newMobile', element: <NewProcess kind="mobile" />, handle: H.newMobile },
              {
                path: '/evidences-all',
                element: <EvidencesAll />,
                handle: H.evidencesAll,
                children: [
                  { index: true, element: <Navigate to="/evidences-all/web" replace /> },
                  { path: 'web', element: <EvidenceList kind="web" />, handle: H.webList },
                  { path: 'web/download', element: <EvidenceDownload kind="web" />, handle: H.webDownload },
                  { path: 'process', element: <EvidenceList kind="process" />, handle: H.processList },
                  { path: 'process/download', element: <EvidenceDownload kind="process" />, handle: H.processDownload },
                  { path: 'mobile-process', element: <EvidenceList kind="mobile" />, handle: H.mobileList },
                  { path: 'mobile-process/download', element: <EvidenceDownload kind="mobile" />, handle: H.mobileDownload },
                  { path: 'music', element: <EvidenceList kind="music" />, handle: H.musicList },
                  { path: 'music/download', element: <EvidenceDownload kind="music" />, handle: H.musicDownload },
                  { path: 'process/queue/:id', element: <ProcessSession kind="process" />, handle: H.processQueue },
                  { path: 'mobile/queue/:id', element: <ProcessSession kind="mobile" />, handle: H.mobileQueue },
                  { path: 'process/preview', element: <ProcessPreview />, handle: H.processPreview },
                ],
              },
              { path: '/overview', element: <Overview />, handle: H.overview },
              { path: '/setting', element: <Setting />, handle: H.setting },
              { path: '/notifications', element: <Notifications />, handle: H.notifications },
              { path: '/signature', element: <Signature />, handle: H.signature },
              { path: '/orders', element: <Orders />, handle: H.orders },
              { path: '/buyCredits', element: <BuyCredits />, handle: H.buyCredits },
              { path: '/invoice', element: <Invoice />, handle: H.invoice },
              { path: '/invoice/details', element: <InvoiceDetails />, handle: H.invoiceDetails },
              { path: '/orders/makeOutInvoice', element: <MakeOutInvoice />, handle: H.makeOutInvoice },
              { path: '/personage-kyc', element: <PersonageKyc />, handle: H.personageKyc },
              { path: '/person-info', element: <PersonInfo />, handle: H.personInfo },
              { path: '/organization-kyc', element: <OrganizationKyc />, handle: H.organizationKyc },
              { path: '/kyc-info', element: <KycInfo />, handle: H.kycInfo },
              { path: '/face-sim', element: <FaceSim />, handle: H.faceSim },
              { path: '/member', element: <Members />, handle: H.member },
              { path: '/member/company', element: <MemberCompany />, handle: H.memberCompany },
              { path: '/member/:id', element: <MemberDetail />, handle: H.memberDetail },
              { path: '/notary', element: <NotaryList />, handle: H.notary },
              { path: '/notary/detail', element: <NotaryDetail />, handle: H.notaryDetail },
              { path: '/notary/selectList', element: <NotarySelectList />, handle: H.notarySelectList },
              { path: '/attestation-all/data/readingMaterial/:step/:orderId/:type', element: <NotarySteps />, handle: H.readingMaterial },
              { path: '/notary-office', element: <NotaryOffice />, handle: H.notaryOffice },
            ],
          },
          { path: '/404', element: <NotFound />, handle: H.notFound },
          { path: '*', element: <NotFound />, handle: H.notFound },
        ],
      },
      {
        element: <PublicLayout getMenu={getMenu} />,
        children: [
          { path: '/attestation/:attestationId', element: <Certificate kind="data" />, handle: H.attestation },
          { path: '/English/attestation/:attestationId', element: <Certificate kind="data" lang="en" />, handle: H.englishAttestation },
          { path: '/ledger/:chainhash', element: <LedgerExplorer />, handle: H.ledger },
          { path: '/queryAuthentication/safekeeping', element: <Safekeeping />, handle: H.safekeeping },
          { path: '/queryAuthentication/prokeeping', element: <Safekeeping kind="process" />, handle: H.prokeeping },
          { path: '/verify', element: <VerifyPage />, handle: H.verify },
          { path: '/evidencesWeb/:evidencesId', element: <Certificate kind="web" />, handle: H.evidencesWeb },
          { path: '/evidencesPro/:evidencesId', element: <Certificate kind="process" />, handle: H.evidencesPro },
          { path: '/evidencesMusic/:evidencesId', element: <Certificate kind="music" />, handle: H.evidencesMusic },
          { path: '/queryAuthentication/musickeeping', element: <Safekeeping kind="music" />, handle: H.musickeeping },
          {
            path: '/queryAuthentication',
            element: <QueryAuthentication />,
            handle: H.queryAuthentication,
            children: [
              { index: true, element: <Navigate to="/queryAuthentication/notarial" replace /> },
              { path: 'notarial', element: <QueryNotarial />, handle: H.notarial },
              { path: 'mutualEvidence', element: <QueryMutual />, handle: H.mutualEvidence },
              { path: 'keepSingle', element: <QueryKeepSingle />, handle: H.keepSingle },
              { path: 'electronicData', element: <QueryElectronic />, handle: H.electronicData },
            ],
          },
          { path: '/English/safekeeping', element: <EnglishSafekeeping />, handle: H.englishSafekeeping },
        ],
      },
      // The operator console has its own shell (issue 5 §7); others see 无权访问 in the main shell (issue 8 §3).
      {
        path: '/admin',
        element: <OperatorGate getMenu={getMenu} />,
        handle: H.admin,
        children: [
          { index: true, element: <Navigate to="/admin/users" replace /> },
          { path: 'users', element: <AdminUsers />, handle: H.adminUsers },
          { path: 'notify', element: <AdminNotify />, handle: H.adminNotify },
          { path: 'announcements', element: <AdminAnnouncements />, handle: H.adminAnnouncements },
          { path: 'audit-log', element: <AdminAuditLog />, handle: H.adminAuditLog },
          { path: 'ledger-audit', element: <AdminLedgerAudit />, handle: H.adminLedgerAudit },
          { path: 'invoices', element: <AdminInvoices />, handle: H.adminInvoices },
          { path: 'points', element: <AdminPoints />, handle: H.adminPoints },
          { path: 'kyc', element: <AdminKycReview />, handle: H.adminKyc },
          { path: 'members', element: <AdminMembers />, handle: H.adminMembers },
          { path: 'notary', element: <AdminNotary />, handle: H.adminNotary },
        ],
      },
      // The mobile certificate is shown bare (opened from a QR code inside apps).
      { path: '/mobile/attestation/:attestationId/:token', element: <MobileAttestation />, handle: H.mobileAttestation },
      // The QR code printed on paper certificates lands here (mobile layout, bare like the mobile certificate).
      { path: '/dama/:id', element: <Dama />, handle: H.dama },
      // Previews of an evidence file (issue 12 §1), bare like the mobile certificate.
      { path: '/mobile/preview/:fileUrl/:key/:type/:baoquan', element: <MobilePreview />, handle: H.mobilePreview },
      { path: '/mobile/previewProgress/:fileUrl/:key', element: <MobilePreviewProgress />, handle: H.mobilePreviewProgress },
    ],
  },
];

let menuCache: MenuEntry[] | null = null;

/** The header menu of this route table (computed once; layouts call it while rendering). */
export function getMenu(): MenuEntry[] {
  menuCache ??= menuEntries(routes);
  return menuCache;
}

/** Collects the header menu from the route table (routes whose handle has `menu`). */
export function menuEntries(list: RouteObject[] = routes, parent = ''): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const r of list) {
    const path = r.path ? (r.path.startsWith('/') ? r.path : `${parent}/${r.path}`) : parent;
    const h = asHandle(r.handle);
    if (h.menu && r.path) out.push({ path, label: h.menu.label, order: h.menu.order, hideForRoles: h.menu.hideForRoles, auth: h.auth === true, area: h.menu.area, accountType: h.menu.accountType, verified: h.menu.verified, loggedInOnly: h.menu.loggedInOnly, notaryOnly: h.menu.notaryOnly });
    if (r.children) out.push(...menuEntries(r.children, path));
  }
  return out.sort((a, b) => a.order - b.order);
}
