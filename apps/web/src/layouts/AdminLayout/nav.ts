/** The operator console's sections (issue 5 §7); later issues add their review queues here. */
export const ADMIN_NAV = [
  { to: '/admin/users', label: '用户管理' },
  { to: '/admin/notify', label: '发送通知' },
  { to: '/admin/announcements', label: '公告管理' },
  { to: '/admin/audit-log', label: '审计日志' },
  { to: '/admin/ledger-audit', label: '账本审计' },
  { to: '/admin/invoices', label: '发票处理' },
  { to: '/admin/points', label: '积分与价格' },
  { to: '/admin/kyc', label: '实名审核' },
  { to: '/admin/members', label: '成员审核' },
  { to: '/admin/notary', label: '公证机构' },
] as const;
