import type { EmailTexts } from './email-text-shape.js'

export const deDE: EmailTexts = {
  verification: {
    subject: 'Bestätige deine E-Mail-Adresse für Timbre',
    welcome: 'Willkommen bei Timbre.',
    instruction: 'Bitte bestätige, dass dies deine E-Mail-Adresse ist, indem du den Link unten öffnest.',
    button: 'E-Mail-Adresse bestätigen',
    footer: 'Wenn du kein Timbre-Konto erstellt hast, kannst du diese E-Mail ignorieren.',
  },
  passwordReset: {
    subject: 'Setze dein Timbre-Passwort zurück',
    received: 'Wir haben eine Anfrage erhalten, das Passwort deines Timbre-Kontos zurückzusetzen.',
    validity: 'Der Link ist eine Stunde lang gültig.',
    button: 'Passwort zurücksetzen',
    footer: 'Wenn du das Zurücksetzen nicht angefordert hast, kannst du diese E-Mail ignorieren.',
  },
  invite: {
    subject: (workspace) => `Tritt ${workspace} auf Timbre bei`,
    invited: (inviter, workspace) => `${inviter} hat dich in den Arbeitsbereich ${workspace} eingeladen.`,
    instruction: (code) =>
      `Melde dich mit dieser Adresse an oder erstelle ein Konto, um die Einladung anzunehmen. Dein Einladungscode lautet ${code}.`,
    validity: (days) => `Die Einladung ist ${days} Tage lang gültig.`,
    button: 'Einladung annehmen',
    footer:
      'Wenn du nicht beitreten möchtest, kannst du die Einladung nach der Anmeldung ablehnen oder diese E-Mail ignorieren.',
  },
}
