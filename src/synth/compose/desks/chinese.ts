import { type DeskText, weekdayDay } from './types.js';

/** The Chinese desk's words. */
export const CHINESE: DeskText = {
  day: (d) => weekdayDay('zh-CN', d),
  greet: ['你好，', '嗨，'],
  morning: ['早上好，'],
  sign: ['谢谢！', '辛苦了！', '多谢。'],
  why: [
    '这周合作伙伴的邮件积压了不少。',
    '有几家合作伙伴已经等了好几天回复了。',
    '出口组这几天实在忙不过来。',
    '我想在下次例会之前把合作伙伴这块处理完。',
  ],
  where: ['邮件都在我的收件箱里，每家合作伙伴都用自己的语言写信。', '都在我的收件箱里，语言各不相同。'],
  pointer: {
    kb: (t) => `知识库中的《${t}》文章`,
    gmail: (t) => `我收件箱里的《${t}》邮件`,
    notes: (t) => `我们笔记里的《${t}》页面`,
    workspace: (_t, at) => `共享盘上的 ${at} 文件`,
    web: (t, at) => `内网上的《${t}》页面（${at}）`,
  },
  select: [(s, p) => `${p}中归入“${s}”一节的合作伙伴邮件`, (s, p) => `按照${p}属于“${s}”类的合作伙伴邮件`],
  actions: {
    reply_in_language: [
      '用对方来信所用的语言给每封邮件起草一份回复草稿，注明对方的订单号，并承诺在{by}之前给出完整答复（只存为草稿，不要发送）',
      '为每位发件人用其本人的语言准备一份回复草稿，写明订单号，并告知对方我们会在{by}前全面答复（只存为草稿，不要发送）',
    ],
    translate_message: [
      '把每封邮件译成英文，保存到 translations/<订单号>.md，所有数字保持原样，开头写上我们术语表中对应的事由用语（{glossary}）和订单号',
      '将每封邮件翻译成英文并存为 translations/<订单号>.md：数字和编号一律不改，第一行写术语表里的事由用语（{glossary}）和订单号',
    ],
    route_by_language: [
      '把每封邮件转发给负责该语种的同事（{desks}），邮件主题里写上订单号，正文里写明来信的公司名称',
      '按语种把每封邮件转给对应的同事（{desks}），主题中注明订单号，正文中注明是哪家公司来信',
    ],
  },
  languages: { Spanish: '西班牙语', German: '德语', French: '法语', Chinese: '中文', Japanese: '日语' },
  ask: {
    count: '你处理了多少封邮件',
    sum: '这些邮件的订购总数量',
    max: '其中最大的订购数量',
    min: '其中最小的订购数量',
    mean: '平均订购数量（保留两位小数）',
  },
  count: '邮件数量',
  figureWords: ['邮件', '处理', '总', '数量', '平均', '最大', '最小', '最多', '最少', '共', '件', '封', '合计'],
  decimalComma: false,
  deliver: {
    report_table: {
      dest: (p) => `CSV 表格（${p}）`,
      phrases: ['然后把它们列在{dest}里，每封邮件一行，写明订单号和{name}'],
    },
    report_doc: {
      dest: (p) => `一份简短文档（${p}）`,
      phrases: ['然后在{dest}中汇总：一个标题，每封邮件一个要点，写明订单号和{name}'],
    },
    web_page: {
      dest: (p) => `HTML 页面（${p}）`,
      phrases: ['然后把它们做成{dest}，每封邮件一个列表项（订单号和{name}）'],
    },
    summary_mail: {
      dest: (email, who) => `${who}（${email}）`,
      phrases: ['然后给{dest}发一封汇总邮件，列出每封邮件的订单号和{name}'],
    },
    ops_notification: {
      dest: (c) => `${c} 频道`,
      phrases: ['然后在{dest}发一条通知，列出每封邮件的订单号和{name}'],
    },
    digest_post: {
      dest: (t) => `标题为“${t}”的摘要`,
      phrases: ['然后发布{dest}，列出每封邮件的订单号和{name}'],
    },
  },
  company: '公司名称',
  then: '，',
  ending: (f) => `，最后写上${f}`,
  repeat: ['回复时也把这个数字告诉我。', '请在回复里也写上这个数字。'],
  asking: {
    unnamed: {
      report_table: 'CSV 表格',
      report_doc: '一份简短文档',
      web_page: 'HTML 页面',
      summary_mail: '我稍后告诉你的同事',
      ops_notification: '我稍后告诉你的频道',
      digest_post: '一份摘要',
    },
    first: {
      'file path': '保存之前先问我文件路径。',
      recipient: '发送之前先问我发给谁。',
      channel: '发布之前先问我用哪个频道。',
      title: '标题还没定，发布之前先问我。',
    },
    question: {
      'file path': '文件应该保存到哪个路径？',
      recipient: '应该发给谁？',
      channel: '应该发到哪个频道？',
      title: '标题用什么？',
    },
    keywords: ['路径', '文件', '谁', '收件人', '频道', '标题', '哪', '什么'],
    use: (v) => `用 ${v}。`,
  },
  body: [(s, a) => `请你处理一下${s}：${a}。`, (s, a) => `麻烦你看一下${s}，${a}。`],
  tell: [(q) => `完成后告诉我${q}。`, (q) => `回复的时候也请告诉我${q}。`],
  label: {
    count: '已处理邮件数',
    sum: '订购总数量',
    max: '最大订购数量',
    min: '最小订购数量',
    mean: '平均订购数量',
  },
  closing: [(l, f) => `已完成。${l}：${f}。`, (l, f) => `都处理好了。${l}：${f}。`],
  change: {
    opener: ['提醒一下：', '还有一件事：', '顺便说一下：'],
    how: ['刚刚在系统里被修改了', '刚才更新过'],
    note: (o, id, how, what) => `${o}订单 ${id} 的邮件${how}，${what}。`,
    read: (yes) => (yes ? '现在标记为已读' : '现在标记为未读'),
    received: (d) => `接收日期现在是 ${d}`,
    join: '，',
  },
  wrapUp: '好的，谢谢。',
  space: '',
};
