import type { EmailTexts } from './email-text-shape.js'

export const svSE: EmailTexts = {
  verification: {
    subject: 'Bekräfta din e-postadress för Timbre',
    welcome: 'Välkommen till Timbre.',
    instruction: 'Bekräfta att det här är din e-postadress genom att öppna länken nedan.',
    button: 'Bekräfta e-postadress',
    footer: 'Om du inte har skapat ett Timbre-konto kan du ignorera det här meddelandet.',
  },
  passwordReset: {
    subject: 'Återställ ditt lösenord för Timbre',
    received: 'Vi har fått en begäran om att återställa lösenordet för ditt Timbre-konto.',
    validity: 'Länken är giltig i en timme.',
    button: 'Återställ lösenord',
    footer: 'Om du inte bad om att återställa lösenordet kan du ignorera det här meddelandet.',
  },
  invite: {
    subject: (workspace) => `Gå med i ${workspace} på Timbre`,
    invited: (inviter, workspace) => `${inviter} har bjudit in dig till arbetsytan ${workspace}.`,
    instruction: (code) =>
      `Logga in eller skapa ett konto med den här adressen för att tacka ja till inbjudan. Din inbjudningskod är ${code}.`,
    validity: (days) => `Inbjudan är giltig i ${days} dagar.`,
    button: 'Tacka ja till inbjudan',
    footer:
      'Om du inte vill gå med kan du tacka nej efter att du har loggat in, eller ignorera det här meddelandet.',
  },
}
