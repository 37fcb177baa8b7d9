import type { EmailTexts } from './email-text-shape.js'

export const ptPT: EmailTexts = {
  verification: {
    subject: 'Confirme o seu e-mail no Timbre',
    welcome: 'Bem-vindo ao Timbre.',
    instruction: 'Confirme que este é o seu endereço de e-mail abrindo a ligação abaixo.',
    button: 'Confirmar e-mail',
    footer: 'Se não criou uma conta no Timbre, pode ignorar este e-mail.',
  },
  passwordReset: {
    subject: 'Reponha a sua palavra-passe do Timbre',
    received: 'Recebemos um pedido para repor a palavra-passe da sua conta Timbre.',
    validity: 'A ligação é válida durante uma hora.',
    button: 'Repor palavra-passe',
    footer: 'Se não pediu para repor a palavra-passe, pode ignorar este e-mail.',
  },
  invite: {
    subject: (workspace) => `Junte-se a ${workspace} no Timbre`,
    invited: (inviter, workspace) => `${inviter} convidou-o para o espaço de trabalho ${workspace}.`,
    instruction: (code) =>
      `Inicie sessão ou crie uma conta com este endereço para aceitar o convite. O seu código de convite é ${code}.`,
    validity: (days) => `O convite é válido durante ${days} dias.`,
    button: 'Aceitar convite',
    footer: 'Se não quiser aderir, pode recusar o convite depois de iniciar sessão ou ignorar este e-mail.',
  },
}
