/**
 * Every user-facing Chinese message, one named constant each (DESIGN.md: Chinese copy comes from the
 * spec verbatim). Messages marked "spec" are copied exactly from the functional specification
 * (p1 = part 1, p2 = part 2; the section is given); the others are the server messages the spec leaves
 * to us (issue 2), written in the same style. Server and web import these instead of repeating strings,
 * so a test asserting `MSG.X` asserts the exact text a user sees.
 */
export const MSG = {
  // ── Global (spec p2 §7–8) ────────────────────────────────────────────────
  /** spec p2 §8: network failure in the request wrapper. */
  NETWORK_FAILURE: '连接失败，请检查网络或稍后刷新重试！',
  /** spec p2 §8: envelope code 408. */
  SESSION_EXPIRED: '登录超时，请重新登录',
  /** spec p2 §2: text of the 404 page (English in the spec, shown as written). */
  NOT_FOUND_PAGE: 'Sorry, the page you visited does not exist.',
  /** Envelope 401: no or unknown token. */
  LOGIN_REQUIRED: '请先登录',
  /** Envelope 403: logged in but not allowed. */
  FORBIDDEN: '无权访问',
  /** Generic 400 when a parameter has no more specific message. */
  BAD_PARAM: '参数错误',
  /** A request body that cannot be parsed (wrong content type, broken JSON …). */
  BAD_REQUEST_FORMAT: '请求格式错误',
  /** A parameter holds a NUL or other control character, or invalid Unicode (issue 9 §5). */
  INVALID_CHARACTERS: '参数包含无效字符',
  /** Unknown API path. */
  API_NOT_FOUND: '接口不存在',
  /** Rate limit hit. */
  TOO_FREQUENT: '操作过于频繁，请稍后再试',
  /** Envelope 500; details only in the log. */
  SERVER_BUSY: '服务器繁忙，请稍后重试',

  // ── Success toasts (spec p1 §8, p2 §4, §8) ───────────────────────────────
  /** spec p1 §8: after a password change (tokens removed, user goes to /login). */
  PASSWORD_CHANGED: '修改密码成功',
  /** spec p1 §8. */
  COPY_SUCCESS: '复制成功',
  /** spec p1 §8, p2 §8. */
  OPERATION_SUCCESS: '操作成功',
  /** spec p1 §8. */
  DELETE_SUCCESS: '删除成功',
  /** spec p2 §8. */
  CREATE_SUCCESS: '新增成功',
  /** spec p2 §8. */
  UPDATE_SUCCESS: '修改成功',
  /** spec p2 §8: after deleting an invoice header. */
  INVOICE_HEADER_DELETED: '已删除该条发票抬头',
  /** spec p2 §8. */
  SUBMIT_SUCCESS: '提交成功',
  /** spec p2 §4, §8: face recognition succeeded. */
  KYC_SUCCESS: '实名成功',
  /** spec p2 §8: address added. */
  ADD_SUCCESS: '添加成功',
  /** Login answered. */
  LOGIN_SUCCESS: '登录成功',
  /** Registration answered. */
  REGISTER_SUCCESS: '注册成功',
  /** Logout answered. */
  LOGOUT_SUCCESS: '退出成功',
  /** SMS sent. */
  SMS_SENT: '发送成功',
  /** Password reset through SMS. */
  PASSWORD_RESET: '密码重置成功',
  /** File deposited. */
  UPLOAD_SUCCESS: '上传成功',

  // ── Shared validators (spec p2 §5) ───────────────────────────────────────
  /** spec p1 §5, §8: mobile empty. */
  MOBILE_REQUIRED: '请输入手机号码',
  /** spec p1 §5: mobile field prompt of the member dialog. */
  MOBILE_PROMPT: '请输入手机号',
  /** spec p2 §5: shared mobile validator. */
  MOBILE_FORMAT: '请输入正确格式手机号',
  /** spec p1 §5, §8: wrong mobile format in the member dialog. */
  MOBILE_FORMAT_MEMBER: '请输入正确格式手机号码',
  /** spec p2 §5. */
  PASSWORD_FORMAT: '请输入6-18位数字字母组合密码',
  /** spec p2 §5. */
  IMG_CODE_REQUIRED: '请输入图形验证码',
  /** spec p2 §5; also a wrong or expired answer. */
  IMG_CODE_WRONG: '图形验证码不正确',
  /** spec p2 §5. */
  SMS_CODE_REQUIRED: '请输入短信验证码',
  /** spec p2 §5 (ASCII comma as written). */
  SMS_CODE_WRONG: '短信验证码错误,请重新输入',
  /** spec p1 §5, p2 §5, §8: verify before an SMS code was requested. */
  SMS_NOT_REQUESTED: '请获取短信验证码',
  /** spec p2 §5. */
  RESERVED_PHONE_REQUIRED: '预留手机号不能为空',
  /** spec p2 §5. */
  CONTACT_REQUIRED: '联系人不能为空',
  /** spec p2 §5. */
  GENDER_REQUIRED: '性别不能为空',
  /** spec p2 §5: evidence web address. */
  URL_FORMAT: '网页地址格式错误,请重新输入',
  /** Shared ID-number validator (spec p2 §5: 15 or 18 digits, valid date, checksum). */
  ID_CARD_FORMAT: '请输入正确的身份证号码',
  /** ID number empty. */
  ID_CARD_REQUIRED: '请输入身份证号码',
  /** Shared email validator (spec p2 §5). */
  EMAIL_FORMAT: '请输入正确的邮箱地址',
  /** Shared Chinese-name validator (spec p2 §5: 2–6 Chinese characters). */
  CHINESE_NAME_FORMAT: '请输入2-6个汉字的姓名',
  /** Shared extraction-code validator (spec p2 §5: 6 digits). */
  EXTRACT_CODE_FORMAT: '证据提取码为6位数字',
  /** Shared special-character validator (spec p2 §5). */
  SPECIAL_CHARS: '不能包含特殊字符',
  /** Phone-or-Chinese-text validator (spec p2 §5). */
  MOBILE_OR_CHINESE: '请输入手机号或中文',

  // ── Accounts (issue 2 §3, spec p1 §5) ────────────────────────────────────
  /** spec p1 §5, §8: change password. */
  PASSWORD_MISMATCH: '两次新密码不一致',
  /** spec p1 §5, §8: change password. */
  PASSWORD_SAME_AS_OLD: '新密码不能与旧密码相同',
  MOBILE_REGISTERED: '手机号已注册',
  MOBILE_NOT_REGISTERED: '该手机号未注册',
  LOGIN_TOO_MANY: '登录尝试次数过多，请15分钟后再试',
  LOGIN_FAILED: '手机号或密码错误',
  OLD_PASSWORD_WRONG: '旧密码错误',
  SMS_CODE_EXPIRED: '短信验证码已过期',
  SMS_CODE_USED: '短信验证码已失效，请重新获取',
  SMS_CODE_TOO_MANY_ATTEMPTS: '验证码错误次数过多，请重新获取',
  SMS_TOO_FREQUENT: '验证码发送过于频繁，请60秒后再试',
  SMS_TOO_MANY: '短信发送次数过多，请稍后再试',
  SMS_SEND_FAILED: '短信发送失败，请稍后重试',
  IMG_CODE_EXPIRED: '图形验证码已过期，请刷新',
  /** Issue 9 §3: an SMS send without the proof-of-work solution (the browser solves it transparently). */
  POW_REQUIRED: '请完成人机验证',
  /** Issue 9 §3: a wrong, expired or already spent proof-of-work solution. */
  POW_FAILED: '人机验证失败，请重试',
  ACCOUNT_TYPE_REQUIRED: '请选择账号类型',
  /** spec p2 §5: personal KYC name required; also the personal name at registration. */
  NAME_REQUIRED: '请输入姓名',
  COMPANY_REQUIRED: '请输入企业名称',
  ACCOUNT_DISABLED: '账号已停用',

  // ── Evidence and downloads (spec p1 §4, §5, §8) ──────────────────────────
  /** spec p1 §5, §8. */
  SELECT_EVIDENCE_TO_DOWNLOAD: '请选择需要下载的证据',
  /** spec p1 §5, §8. */
  NO_DOWNLOAD_FILE: '无下载文件',
  /** spec p1 §8: isDownload 0 with query 2. */
  EVIDENCE_UPLOADING: '证据上传中请稍后下载',
  /** spec p1 §8: isDownload 0 with query 0. */
  EVIDENCE_MISSING: '证据缺失不可下载',
  /** issue 9 §2: the stored bytes no longer hash to the recorded SHA-256 (nothing sent; operators alerted). */
  EVIDENCE_CORRUPT: '证据文件校验失败，已通知平台处理',
  /** spec p1 §5, §8. */
  NO_DATA: '暂无数据',
  FILE_EMPTY: '文件不能为空',
  FILE_TOO_LARGE: '文件大小超过限制',
  FILE_REQUIRED: '请选择要上传的文件',
  LABEL_TOO_LONG: '标签不能超过20个字',
  TITLE_TOO_LONG: '标题不能超过100个字',
  EVIDENCE_NOT_FOUND: '证据不存在',
  EVIDENCE_ID_INVALID: '证据编号错误',
  BATCH_TOO_MANY: '单次最多下载100个证据',
  KEYWORD_TOO_LONG: '关键词不能超过50个字',
  DATE_RANGE_INVALID: '开始时间不能晚于结束时间',
  EVIDENCE_TYPE_INVALID: '文件类型错误',
  PAGE_INVALID: '页码错误',

  // ── Certificate and sharing (spec p1 §2, §6; p2 §2) ──────────────────────
  BAOQUAN_REQUIRED: '请输入保全号',
  BAOQUAN_NOT_FOUND: '保全号不存在',
  /** Extraction-code field of the 证据提取 dialog empty. */
  EXTRACT_CODE_REQUIRED: '请输入证据提取码',
  /** spec p2 §2, §9: the extraction-code field holds at most 30 characters. */
  EXTRACT_CODE_TOO_LONG: '证据提取码不能超过30个字符',
  EXTRACT_CODE_WRONG: '证据提取码错误',
  VIEW_TOKEN_INVALID: '查看凭证已失效，请重新查询',
  /** The certificate notes that the owner removed the evidence from their list. */
  EVIDENCE_DELETED_BY_OWNER: '该证据已被所有者删除',

  // ── Members (spec p1 §5, §8) ─────────────────────────────────────────────
  /** spec p1 §5. */
  MEMBER_SMS_CODE_REQUIRED: '请输入成员手机号短信验证码',
  /** spec p1 §5. */
  AUTH_LETTER_REQUIRED: '请上传授权委托书',
  /** spec p1 §5, §8. */
  IMAGE_TYPE_REQUIRED: '请上传图片类型',
  /** Role 2 by someone who is not (or no longer) a bound member of a company (issue 14 §4): 403, logged out. */
  MEMBER_NOT_BOUND: '您已不是企业成员，请重新登录',
  MEMBER_NOT_FOUND: '成员不存在',
  /** Member management is for company main accounts only (spec p2 §2 "/member company accounts only"). */
  MEMBER_COMPANY_ONLY: '仅企业主账号可管理成员',
  /** queryMember: only registered, verified individual accounts not bound elsewhere (spec p1 §5). */
  MEMBER_NOT_PERSONAL: '该手机号不是个人账户，不可添加为成员',
  MEMBER_NOT_VERIFIED: '该用户尚未完成个人实名认证，不可添加为成员',
  MEMBER_BOUND_ELSEWHERE: '该用户已绑定其他企业，不可重复添加',
  MEMBER_ALREADY: '该用户已是本企业成员或正在审核中',
  MEMBER_QUERY_FIRST: '请先输入成员手机号并确认成员姓名',
  MEMBER_ONLY_FAILED: '只有审核失败的成员可以修改或删除',
  MEMBER_ONLY_BOUND: '只有已绑定的成员可以停用',
  MEMBER_REVIEWED: '该成员申请已审核，请刷新后重试',
  MEMBER_COMPANY_NOT_VERIFIED: '企业尚未完成实名认证，不可添加成员',
  STOP_REASON_REQUIRED: '请输入停用原因',
  STOP_REASON_TOO_LONG: '停用原因不能超过100个字符',
  AUDIT_REASON_REQUIRED: '请输入审核不通过原因',
  LETTER_TOO_LARGE: '授权委托书图片不能超过10M',
  UNBIND_SUCCESS: '解绑成功',
  STOP_SUCCESS: '停用成功',
  SWITCH_ROLE_SUCCESS: '切换成功',
  ROLE_NOT_AVAILABLE: '无可切换的角色',

  // ── Orders and invoices (spec p1 §5, §8; p2 §5, §8) ──────────────────────
  /** issue 13: answer of POST /api/webbatch/pay now that captures cost points. */
  WEB_BATCH_CHARGED: '批量取证已提交，每个成功保全的网址按价格扣除积分',
  INVOICE_NOT_FOUND: '发票申请不存在',
  INVOICE_HEADER_NOT_FOUND: '发票抬头不存在',
  ADDRESS_NOT_FOUND: '地址不存在',
  /** An id in invoiceAsk that is not an invoiceable order of the caller (p1 §4 eligibility). */
  INVOICE_ORDERS_INVALID: '所选订单不可开票，请重新选择',
  /** p2 §5: a personal header allows only the electronic ordinary invoice. */
  INVOICE_PERSONAL_ELECTRONIC_ONLY: '个人抬头仅可开具电子普通发票',
  /** p2 §9: no paper invoices to Hong Kong, Macau or Taiwan (addresses there are refused). */
  ADDRESS_REGION_UNSUPPORTED: '纸质发票暂不支持寄送至港澳台地区',
  INVOICE_ALREADY_HANDLED: '该发票申请已处理',
  INVOICE_REJECT_REASON_REQUIRED: '请填写驳回原因',
  INVOICE_COURIER_REQUIRED: '请填写快递单号',
  INVOICE_PDF_REQUIRED: '请上传电子发票PDF文件',
  /** issue 13: a charge larger than the balance (nothing was created; the web links to /buyCredits). */
  POINTS_INSUFFICIENT: '可用积分不足，请先充值',
  /** issue 13: recharge amount outside the allowed range (whole yuan). */
  RECHARGE_AMOUNT_INVALID: '请输入1-50000之间的整数充值金额',
  ORDER_NOT_FOUND: '订单不存在',
  /** A pay or cancel call on an order that is no longer to be paid. */
  ORDER_NOT_PAYABLE: '订单已支付、已取消或已过期',
  ORDER_CANCELLED: '订单已取消',
  /** Return page: the provider's verified notification has arrived. */
  PAY_SUCCESS: '支付成功',
  /** Return page: no verified notification yet. */
  PAY_PENDING: '支付结果确认中，请稍后刷新',
  PRICE_INVALID: '价格必须是0-100000之间、最多两位小数的数字',
  ORDER_TYPE_INVALID: '订单类型错误',
  GRANT_AMOUNT_INVALID: '赠送积分必须是0.01-1000000之间、最多两位小数的数字',
  /** spec p1 §5, §8. */
  SELECT_INVOICEABLE_ORDERS: '请先勾选可供开票的订单记录',
  /** spec p2 §8. */
  INVOICE_NOT_VERIFIED: '您还未实名，不可新增发票',
  /** spec p2 §8 (spaces as written). */
  INVOICE_HEADER_LIMIT: '最多保存 5 个发票抬头信息',
  /** spec p2 §8. */
  ADDRESS_LIMIT: '最多保存5个地址',
  /** spec p2 §5, §8. */
  SELECT_INVOICE_HEADER: '请选择发票信息',
  /** spec p2 §5, §8. */
  SELECT_DELIVERY_ADDRESS: '请选择要送达的地址',
  /** spec p2 §5, §8. */
  SELECT_INVOICE_TYPE: '请选择发票类型',
  /** spec p2 §5. */
  SELECT_REGION: '请选择所在地区',
  INVOICE_REMARK_TOO_LONG: '备注不能超过50个字',

  // ── Real-name verification (spec p2 §4–6, §8) ────────────────────────────
  /** spec p2 §5, §8: enterprise KYC image limit. */
  IMAGE_TOO_LARGE_10M: '上传图片不能超多10M',
  /** spec p2 §5, §8: personal KYC and amendment image limit. */
  IMAGE_TOO_LARGE_20M: '上传图片不能超多20M',
  /** spec p2 §5, §8. */
  IMAGE_FORMAT: '上传图片只能是png,jpg或JPEG格式!',
  /** spec p2 §5. */
  ID_ADDRESS_REQUIRED: '请输入身份证地址',
  /** spec p2 §5, §8. */
  KYC_CONSENT_REQUIRED: '请先同意实名验证',
  /** spec p2 §4, §8. */
  KYC_FAILED: '实名失败',
  /** spec p2 §6, §8. */
  NOT_VERIFIED: '您未实名不可使用该功能',
  /** spec p2 §6, §8. */
  REPAIR_PENDING: '实名补传还未通过，请耐心等待',
  /** Issue 14 (wording ours): the sex chosen does not match the ID number. */
  KYC_SEX_MISMATCH: '性别与身份证号码不符',
  KYC_TYPE_REQUIRED: '请选择认证方式',
  /** A submission while one is under review or after verification passed. */
  KYC_NOT_EDITABLE: '当前认证状态不可修改',
  KYC_UNDER_REVIEW: '认证资料审核中，请耐心等待',
  KYC_APPLICATION_NOT_FOUND: '认证申请不存在',
  KYC_ALREADY_REVIEWED: '该申请已审核',
  KYC_REJECT_REASON_REQUIRED: '请输入驳回原因',
  /** Face verification: a session that is unknown, not the caller's or expired. */
  FACE_SESSION_INVALID: '人脸识别会话无效或已过期，请重新认证',
  /** Face verification answer while the provider has not reported (code '0000'). */
  FACE_WAITING: '人脸识别进行中',
  /** Supplementary upload needed before notarisation (p2 §6). */
  REPAIR_REQUIRED: '请先补传身份证照片',
  /** Company accounts: authorisation letter or ID images missing or failed (p2 §6). */
  ENTERPRISE_IMAGES_REQUIRED: '请先补充企业认证资料',
  /** Personal-only or company-only KYC calls by the other account type. */
  KYC_WRONG_ACCOUNT_TYPE: '账户类型不支持该认证',
  KYC_SUBMITTED: '提交成功，请等待审核',

  // ── Web page evidence (issue 4; spec p2 §5, §7 web evidence calls) ──────
  /** Any capture record (web capture, process session) that does not exist or is not the caller's. */
  CAPTURE_NOT_FOUND: '取证记录不存在',
  /** A private, loopback, link-local or reserved address (after DNS resolution, redirects, subresources). */
  WEB_ADDRESS_REFUSED: '目标地址不允许访问',
  WEB_DNS_FAILED: 'DNS 解析失败',
  WEB_TIMEOUT: '访问超时',
  WEB_CONNECT_FAILED: '无法连接目标网站',
  WEB_TOO_LARGE: '网页内容超过大小限制',
  WEB_DOWNLOAD_REFUSED: '目标地址为文件下载，不支持网页取证',
  WEB_CAPTURE_FAILED: '网页取证失败，请稍后重试',
  /** A call that needs a finished capture (web capture, process session) on one still queued or running. */
  CAPTURE_NOT_DONE: '取证尚未完成',
  WEB_SUBMITTED: '已提交取证',
  WEB_BUSY: '取证任务过多，请稍后再试',
  WEB_URLS_REQUIRED: '请输入网址',
  WEB_BATCH_TOO_MANY: '单次最多提交100个网址',
  WEB_BATCH_NOT_FOUND: '批次不存在或已过期',
  WEB_BATCH_STARTED: '该批次已提交',
  WEB_BATCH_NO_VALID: '没有可取证的网址',
  /** Answer msg of /api/webbatch/pay until charging in points exists. */
  WEB_BATCH_FREE: '批量取证暂不收费',
  WEB_URL_DUPLICATE: '网址重复',
  WEB_REPLAY_UNAVAILABLE: '该网页快照不可查看',

  // ── Process evidence (过程取证; issue 11 §2; spec p2 §7 process evidence calls) ──
  /** cancelButton on a session that already ended. */
  PROCESS_NOT_CANCELLABLE: '该取证已结束，不能取消',
  PROCESS_CANCELLED: '已取消取证',
  PROCESS_STOPPED: '已结束取证',
  /** Too many sessions waiting (PROCESS_QUEUE_MAX). */
  PROCESS_BUSY: '排队人数过多，请稍后再试',
  /** The stream's token is missing, expired or for another session. */
  PROCESS_STREAM_DENIED: '取证会话无效或已过期',
  /** Status label and note of a session saved up to a crash or a disconnect. */
  PROCESS_INTERRUPTED: '中断',
  PROCESS_NOTE_DISCONNECTED: '取证中断：连接断开，已保存中断前的记录',
  PROCESS_NOTE_CRASHED: '取证中断：浏览器异常退出，已保存中断前的记录',
  PROCESS_NOTE_MAX_DURATION: '已达到最长取证时长，自动结束',
  PROCESS_NOTE_IDLE: '长时间无操作，自动结束',
  /** ffmpeg failed: the WARC and the action log are deposited without the video. */
  PROCESS_NOTE_VIDEO_FAILED: '视频生成失败，已保存网络记录和操作日志',
  PROCESS_SAVE_FAILED: '过程取证保存失败，请稍后重试',

  // ── Account area (issue 5: settings, notifications, announcements, signatures, console) ──
  /** Extraction code reset (p1 §2 /setting). */
  EXTRACT_CODE_RESET: '证据提取码已重置',
  /** News/read or News/del without an id. */
  NEWS_SELECT: '请选择消息',
  NEWS_ID_INVALID: '消息编号错误',
  /** News/read or News/del with an id that is not one of the caller's messages (issue 8 §3). */
  NEWS_NOT_FOUND: '消息不存在或已删除',
  NOTICE_NOT_FOUND: '公告不存在',
  NOTICE_ALREADY_WITHDRAWN: '公告已撤回',
  PUBLISH_SUCCESS: '发布成功',
  WITHDRAW_SUCCESS: '撤回成功',
  /** Set-default answer of /api/signature/setDefault (its msg is the toast, p1 §8). */
  SET_DEFAULT_SUCCESS: '设置成功',
  SIGNATURE_NOT_FOUND: '签章不存在',
  SIGNATURE_NAME_REQUIRED: '请输入签章名称',
  SIGNATURE_NAME_TOO_LONG: '签章名称不能超过20个字符',
  SIGNATURE_PNG_ONLY: '签章图片只能是PNG格式',
  SIGNATURE_TOO_LARGE: '签章图片不能超过2M',
  SIGNATURE_DIMENSIONS: '签章图片宽高需在50至2000像素之间',
  SIGNATURE_LIMIT: '最多保存20个签章',
  SEAL_TYPE_REQUIRED: '请选择印章类型',
  SEAL_NAME_REQUIRED: '请输入印章文字',
  SEAL_PERSON_NAME_FORMAT: '个人印章请输入2-4个汉字',
  SEAL_COMPANY_NAME_FORMAT: '企业名称至少2个字符',
  NOTIFY_TARGET_REQUIRED: '请选择通知对象',
  USER_NOT_FOUND: '用户不存在',
  // ── Trust layer: anchoring and continuous audit (issue 3 §3, §5) ────────
  /** GET /api/ledger/anchor with a missing or malformed leaf index. */
  LEDGER_INDEX_INVALID: '账本索引无效',
  /** POST /api/admin/audit/resolve with an unknown or already resolved alert. */
  AUDIT_ALERT_NOT_FOUND: '告警不存在或已处理',

  // ── Trust layer (issue 3 §1–2: trusted time, signed certificate PDFs) ──
  /** The RFC 3161 time-stamping authority could not be reached or refused: the deposit is not stored. */
  TSA_UNAVAILABLE: '可信时间戳服务暂不可用，请稍后重试',

  // ── Offline proof package and public verification (issue 3 §4) ─────────
  /** GET /api/verify without a hash. */
  SHA256_REQUIRED: '请输入SHA-256哈希值',
  /** GET /api/verify with anything but 64 hex characters. */
  SHA256_FORMAT: 'SHA-256哈希值应为64位十六进制字符',
  // ── Music evidence and public query pages (issue 12 §2–3) ──────────────
  MUSIC_WORK_TITLE_REQUIRED: '请输入作品名称',
  MUSIC_WORK_TITLE_TOO_LONG: '作品名称不能超过100个字符',
  MUSIC_LYRICIST_TOO_LONG: '作词不能超过50个字符',
  MUSIC_COMPOSER_TOO_LONG: '作曲不能超过50个字符',
  MUSIC_PERFORMER_TOO_LONG: '表演者不能超过50个字符',
  MUSIC_ALBUM_TOO_LONG: '专辑名称不能超过100个字符',
  /** ISRC (ISO 3901): 2 letters, 3 letters/digits, 2 digits, 5 digits; hyphens optional. */
  MUSIC_ISRC_INVALID: 'ISRC格式错误，应为12位，如 CN-A12-26-00001',
  MUSIC_AUDIO_REQUIRED: '请上传音频文件',
  MUSIC_AUDIO_INVALID: '无法识别的音频文件，请上传 MP3、WAV、FLAC、AAC、M4A 或 OGG 格式',
  MUSIC_LYRICS_INVALID: '歌词文件只能是 TXT、LRC、PDF 或 DOCX 格式',
  MUSIC_SCORE_INVALID: '曲谱文件只能是 PDF、PNG、JPG、MusicXML 或 MIDI 格式',
  /** The notarial-certificate check of /queryAuthentication/notarial (POST /api/check/checkGzsNo; issue 12 §3, issue 15). */
  NOTARY_CERT_REQUIRED: '请输入公证书编号',
  NOTARY_CERT_NOT_FOUND: '公证书编号不存在',
  /** electronicData: a digest that is not 64 hexadecimal digits. */
  DIGEST_INVALID: '请输入64位十六进制的SHA-256或SM3摘要值',
  DIGEST_ALGO_INVALID: '摘要算法只能是SHA-256或SM3',
  /** Help centre (GET /api/Education, POST /api/Education/downPdf). */
  ARTICLE_NOT_FOUND: '文章不存在',
  // ── Online notarization (issue 15; spec p2 §2–9) ─────────────────────
  NOTARY_ORDER_NOT_FOUND: '公证订单不存在',
  NOTARY_EVIDENCE_REQUIRED: '请选择需要公证的证据',
  NOTARY_EVIDENCE_TOO_MANY: '一次最多选择50条证据',
  NOTARY_EVIDENCE_INVALID: '所选证据不存在或已删除',
  NOTARY_CONSENT_REQUIRED: '请先阅读并同意相关须知',
  NOTARY_USE_AREA_REQUIRED: '请选择公证书使用地',
  NOTARY_COPIES_INVALID: '公证书份数为1至10份',
  NOTARY_PAY_TYPE_REQUIRED: '请选择支付方式',
  /** A step call that is not the order's current step, or an order that is closed. */
  NOTARY_STEP_INVALID: '当前订单状态不允许该操作',
  NOTARY_SEAL_REQUIRED: '请先在签章管理中设置默认签章',
  NOTARY_NO_OFFICE: '暂无可受理的公证机构',
  NOTARY_OFFICE_NOT_FOUND: '公证机构不存在',
  NOTARY_CERT_PREFIX_INVALID: '公证书字号应为2至10个汉字，如“京某证内字”',
  NOTARY_NOT_STAFF: '您不是公证机构工作人员',
  NOTARY_NOT_GRANTED: '用户尚未授权数据解密，不能查看证据',
  NOTARY_VERIFY_FAILED: '证据核验未通过，不能出具公证书',
  NOTARY_REASON_REQUIRED: '请输入原因',
  NOTARY_DOC_NOT_READY: '该文书尚未生成',
  NOTARY_STAFF_EXISTS: '该用户已是公证机构工作人员',
  NOTARY_INTERVIEW_UNSIGNED: '申请人尚未确认签署询问笔录',
  NOTARY_REFUND_INVOICED: '该订单已申请或开具发票，退款后需由平台作废或冲红发票',
} as const;

/** Name of any message constant. */
export type MsgKey = keyof typeof MSG;

/** spec p2 §5: the shared required-field message, "{field}不能为空" (e.g. `旧密码不能为空`). */
export const msgRequired = (field: string): string => `${field}不能为空`;

/** spec p2 §5: the 18-character-code message, "请输入18位的{field}" (e.g. `请输入18位的统一社会信用代码`). */
export const msgLength18 = (field: string): string => `请输入18位的${field}`;

/** "请输入正确的{field}": a value of the right shape with a wrong check character or range. */
export const msgInvalid = (field: string): string => `请输入正确的${field}`;

/** "{field}不能超过{max}个字符": a bounded text field above its limit. */
export const msgTooLong = (field: string, max: number): string => `${field}不能超过${max}个字符`;

/** "{field}不能包含特殊字符" (spec p2 §5 special-character validator). */
export const msgNoSpecialChars = (field: string): string => `${field}${MSG.SPECIAL_CHARS}`;

/** spec p2 §8: confirmation before deleting an invoice header (curly quotes as written). */
export const msgDeleteInvoiceHeaderConfirm = (title: string): string => `是否删除发票抬头为“${title}”的信息吗?`;

/** Fixed interface labels the spec names (dialog titles and buttons, spec p1 §2, p2 §2). */
export const UI = {
  CONFIRM_TITLE: '提示',
  OK: '确定',
  CANCEL: '取消',
  BACK: '返回',
  BACK_HOME: '返回首页',
  EXTRACT_TITLE: '证据提取',
  EXTRACT_BUTTON: '提取',
  PREVIEW_IMAGE_TITLE: '预览图片',
  ANNOUNCEMENT_TITLE: '公告',
  ADD_ADDRESS_TITLE: '新增地址',
  DEFAULT_STAMP: '默认章',
  VERIFIED_INFO: '认证信息',
  TAB_EXTRACT_CODE: '证据提取码',
  TAB_RECHARGE: '充值消费',
  TAB_CONSUMPTION: '消费记录',
  TAB_NOTARY: '公证出证',
  NOTIFICATIONS: '消息通知',
  SIGNATURES: '签章管理',
  MEMBERS: '成员管理',
  NEW_NOTARY: '新增公证',
} as const;
