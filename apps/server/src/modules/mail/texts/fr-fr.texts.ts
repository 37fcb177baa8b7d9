import type { EmailTexts } from './email-text-shape.js'

export const frFR: EmailTexts = {
  verification: {
    subject: 'Vérifiez votre adresse e-mail pour Timbre',
    welcome: 'Bienvenue sur Timbre.',
    instruction:
      'Veuillez confirmer qu’il s’agit bien de votre adresse e-mail en ouvrant le lien ci-dessous.',
    button: 'Vérifier l’adresse e-mail',
    footer: 'Si vous n’avez pas créé de compte Timbre, vous pouvez ignorer cet e-mail.',
  },
  passwordReset: {
    subject: 'Réinitialisez votre mot de passe Timbre',
    received: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Timbre.',
    validity: 'Le lien est valable une heure.',
    button: 'Réinitialiser le mot de passe',
    footer: 'Si vous n’avez pas demandé cette réinitialisation, vous pouvez ignorer cet e-mail.',
  },
  invite: {
    subject: (workspace) => `Rejoignez ${workspace} sur Timbre`,
    invited: (inviter, workspace) => `${inviter} vous a invité dans l’espace de travail ${workspace}.`,
    instruction: (code) =>
      `Connectez-vous ou créez un compte avec cette adresse pour accepter l’invitation. Votre code d’invitation est ${code}.`,
    validity: (days) => `L’invitation est valable ${days} jours.`,
    button: 'Accepter l’invitation',
    footer:
      'Si vous ne souhaitez pas la rejoindre, vous pouvez refuser l’invitation après vous être connecté, ou ignorer cet e-mail.',
  },
}
