import type { Locale } from '@timbre/contract'

interface EmailChangeTexts {
  codeSubject: string
  codeLine: (code: string) => string
  codeFooter: string
  revertSubject: string
  revertLine: (newEmail: string) => string
  revertButton: string
}

// The two emails of an email change, in every interface locale: the code to the new address and
// the revert link to the old one.
export const EMAIL_CHANGE_TEXTS: Record<Locale, EmailChangeTexts> = {
  'en-US': {
    codeSubject: 'Your email change code',
    codeLine: (code) => `Enter this code to confirm your new email address: ${code}`,
    codeFooter: 'If you did not ask to change your email, ignore this message.',
    revertSubject: 'Your email address was changed',
    revertLine: (e) => `The email address of your account was changed to ${e}. If this was not you, undo it:`,
    revertButton: 'Undo the change',
  },
  'de-DE': {
    codeSubject: 'Dein Code zur Änderung der E-Mail-Adresse',
    codeLine: (code) => `Gib diesen Code ein, um deine neue E-Mail-Adresse zu bestätigen: ${code}`,
    codeFooter: 'Wenn du keine Änderung angefordert hast, ignoriere diese Nachricht.',
    revertSubject: 'Deine E-Mail-Adresse wurde geändert',
    revertLine: (e) =>
      `Die E-Mail-Adresse deines Kontos wurde in ${e} geändert. Warst du das nicht? Mach es rückgängig:`,
    revertButton: 'Änderung rückgängig machen',
  },
  'es-ES': {
    codeSubject: 'Tu código para cambiar el correo electrónico',
    codeLine: (code) => `Introduce este código para confirmar tu nueva dirección de correo: ${code}`,
    codeFooter: 'Si no pediste cambiar tu correo, ignora este mensaje.',
    revertSubject: 'Se ha cambiado tu dirección de correo',
    revertLine: (e) => `La dirección de correo de tu cuenta se cambió a ${e}. Si no fuiste tú, deshazlo:`,
    revertButton: 'Deshacer el cambio',
  },
  'fr-FR': {
    codeSubject: 'Votre code de changement d’adresse e-mail',
    codeLine: (code) => `Saisissez ce code pour confirmer votre nouvelle adresse e-mail : ${code}`,
    codeFooter: 'Si vous n’avez pas demandé ce changement, ignorez ce message.',
    revertSubject: 'Votre adresse e-mail a été modifiée',
    revertLine: (e) =>
      `L’adresse e-mail de votre compte a été remplacée par ${e}. Si ce n’était pas vous, annulez :`,
    revertButton: 'Annuler le changement',
  },
  'hi-IN': {
    codeSubject: 'ईमेल बदलने का आपका कोड',
    codeLine: (code) => `अपना नया ईमेल पता पुष्टि करने के लिए यह कोड डालें: ${code}`,
    codeFooter: 'अगर आपने ईमेल बदलने को नहीं कहा था, तो इस संदेश को अनदेखा करें।',
    revertSubject: 'आपका ईमेल पता बदल दिया गया',
    revertLine: (e) => `आपके खाते का ईमेल पता ${e} में बदल दिया गया। अगर यह आपने नहीं किया, तो इसे वापस लें:`,
    revertButton: 'बदलाव वापस लें',
  },
  'ja-JP': {
    codeSubject: 'メールアドレス変更のコード',
    codeLine: (code) => `新しいメールアドレスを確認するには、このコードを入力してください: ${code}`,
    codeFooter: '変更を依頼していない場合は、このメッセージを無視してください。',
    revertSubject: 'メールアドレスが変更されました',
    revertLine: (e) =>
      `アカウントのメールアドレスが ${e} に変更されました。心当たりがない場合は元に戻してください:`,
    revertButton: '変更を取り消す',
  },
  'pl-PL': {
    codeSubject: 'Kod zmiany adresu e-mail',
    codeLine: (code) => `Wpisz ten kod, aby potwierdzić nowy adres e-mail: ${code}`,
    codeFooter: 'Jeśli nie prosiłeś o zmianę adresu, zignoruj tę wiadomość.',
    revertSubject: 'Twój adres e-mail został zmieniony',
    revertLine: (e) => `Adres e-mail Twojego konta zmieniono na ${e}. Jeśli to nie Ty, cofnij zmianę:`,
    revertButton: 'Cofnij zmianę',
  },
  'pt-PT': {
    codeSubject: 'O seu código de alteração de e-mail',
    codeLine: (code) => `Introduza este código para confirmar o seu novo endereço de e-mail: ${code}`,
    codeFooter: 'Se não pediu para alterar o e-mail, ignore esta mensagem.',
    revertSubject: 'O seu endereço de e-mail foi alterado',
    revertLine: (e) => `O endereço de e-mail da sua conta foi alterado para ${e}. Se não foi você, anule:`,
    revertButton: 'Anular a alteração',
  },
  'sv-SE': {
    codeSubject: 'Din kod för att byta e-postadress',
    codeLine: (code) => `Ange den här koden för att bekräfta din nya e-postadress: ${code}`,
    codeFooter: 'Om du inte bad om att byta e-postadress kan du ignorera meddelandet.',
    revertSubject: 'Din e-postadress har ändrats',
    revertLine: (e) => `E-postadressen för ditt konto ändrades till ${e}. Var det inte du? Ångra ändringen:`,
    revertButton: 'Ångra ändringen',
  },
}
