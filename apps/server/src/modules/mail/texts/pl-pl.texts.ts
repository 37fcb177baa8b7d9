import type { EmailTexts } from './email-text-shape.js'

export const plPL: EmailTexts = {
  verification: {
    subject: 'Potwierdź swój adres e-mail w Timbre',
    welcome: 'Witamy w Timbre.',
    instruction: 'Potwierdź, że to Twój adres e-mail, otwierając poniższy link.',
    button: 'Potwierdź adres e-mail',
    footer: 'Jeśli nie zakładałeś konta w Timbre, możesz zignorować tę wiadomość.',
  },
  passwordReset: {
    subject: 'Zresetuj hasło do Timbre',
    received: 'Otrzymaliśmy prośbę o zresetowanie hasła do Twojego konta Timbre.',
    validity: 'Link jest ważny przez godzinę.',
    button: 'Zresetuj hasło',
    footer: 'Jeśli nie prosiłeś o zresetowanie hasła, możesz zignorować tę wiadomość.',
  },
  invite: {
    subject: (workspace) => `Dołącz do ${workspace} w Timbre`,
    invited: (inviter, workspace) => `${inviter} zaprasza Cię do przestrzeni roboczej ${workspace}.`,
    instruction: (code) =>
      `Zaloguj się lub załóż konto z tym adresem, aby przyjąć zaproszenie. Twój kod zaproszenia to ${code}.`,
    validity: (days) => `Zaproszenie jest ważne przez ${days} dni.`,
    button: 'Przyjmij zaproszenie',
    footer:
      'Jeśli nie chcesz dołączyć, możesz odrzucić zaproszenie po zalogowaniu lub zignorować tę wiadomość.',
  },
}
