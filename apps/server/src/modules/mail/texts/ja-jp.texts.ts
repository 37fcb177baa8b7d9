import type { EmailTexts } from './email-text-shape.js'

export const jaJP: EmailTexts = {
  verification: {
    subject: 'Timbre のメールアドレスを確認してください',
    welcome: 'Timbre へようこそ。',
    instruction: '下のリンクを開いて、これがあなたのメールアドレスであることを確認してください。',
    button: 'メールアドレスを確認',
    footer: 'Timbre のアカウントを作成していない場合は、このメールを無視してください。',
  },
  passwordReset: {
    subject: 'Timbre のパスワードをリセット',
    received: 'Timbre アカウントのパスワードをリセットするリクエストを受け付けました。',
    validity: 'このリンクの有効期限は 1 時間です。',
    button: 'パスワードをリセット',
    footer: 'パスワードのリセットを依頼していない場合は、このメールを無視してください。',
  },
  invite: {
    subject: (workspace) => `Timbre の ${workspace} に参加しましょう`,
    invited: (inviter, workspace) => `${inviter} さんがあなたをワークスペース ${workspace} に招待しました。`,
    instruction: (code) =>
      `招待を受けるには、このアドレスでサインインするかアカウントを作成してください。招待コードは ${code} です。`,
    validity: (days) => `この招待の有効期限は ${days} 日です。`,
    button: '招待を受ける',
    footer: '参加しない場合は、サインイン後に招待を辞退するか、このメールを無視してください。',
  },
}
