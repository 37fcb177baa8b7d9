import type { Locale } from '@timbre/contract'

// The public reader page's texts in the app's nine locales (the visitor is usually signed
// out, so the page follows the browser's Accept-Language, like the share page).

export interface BookMessages {
  by: (author: string) => string
  chapters: string
  preview: (minutes: number) => string
  fullAccess: string
  cannotPlay: string
  cta: string
  footer: string
  notFoundTitle: string
  notFoundBody: string
}

const MESSAGES: Record<Locale, BookMessages> = {
  'en-US': {
    by: (author) => `by ${author}`,
    chapters: 'Chapters',
    preview: (minutes) => `Free preview: you can listen to the first ${minutes} minutes of each chapter.`,
    fullAccess: 'Every chapter can be heard in full.',
    cannotPlay: 'Your browser cannot play this audio.',
    cta: 'Create your own audiobook',
    footer: 'Made with Timbre, AI voice and audio on your own server.',
    notFoundTitle: 'Audiobook not found',
    notFoundBody: 'This audiobook does not exist or is no longer published.',
  },
  'de-DE': {
    by: (author) => `von ${author}`,
    chapters: 'Kapitel',
    preview: (minutes) =>
      `Kostenlose Hörprobe: Du kannst die ersten ${minutes} Minuten jedes Kapitels hören.`,
    fullAccess: 'Alle Kapitel sind vollständig zu hören.',
    cannotPlay: 'Dein Browser kann dieses Audio nicht abspielen.',
    cta: 'Eigenes Hörbuch erstellen',
    footer: 'Erstellt mit Timbre, KI-Stimmen und Audio auf deinem eigenen Server.',
    notFoundTitle: 'Hörbuch nicht gefunden',
    notFoundBody: 'Dieses Hörbuch existiert nicht oder ist nicht mehr veröffentlicht.',
  },
  'es-ES': {
    by: (author) => `de ${author}`,
    chapters: 'Capítulos',
    preview: (minutes) =>
      `Avance gratuito: puedes escuchar los primeros ${minutes} minutos de cada capítulo.`,
    fullAccess: 'Todos los capítulos se pueden escuchar completos.',
    cannotPlay: 'Tu navegador no puede reproducir este audio.',
    cta: 'Crea tu propio audiolibro',
    footer: 'Hecho con Timbre, voz y audio con IA en tu propio servidor.',
    notFoundTitle: 'No se encontró el audiolibro',
    notFoundBody: 'Este audiolibro no existe o ya no está publicado.',
  },
  'fr-FR': {
    by: (author) => `de ${author}`,
    chapters: 'Chapitres',
    preview: (minutes) =>
      `Extrait gratuit : vous pouvez écouter les ${minutes} premières minutes de chaque chapitre.`,
    fullAccess: 'Chaque chapitre peut être écouté en entier.',
    cannotPlay: 'Votre navigateur ne peut pas lire cet audio.',
    cta: 'Créez votre propre livre audio',
    footer: 'Créé avec Timbre, voix et audio IA sur votre propre serveur.',
    notFoundTitle: 'Livre audio introuvable',
    notFoundBody: "Ce livre audio n'existe pas ou n'est plus publié.",
  },
  'hi-IN': {
    by: (author) => `${author} द्वारा`,
    chapters: 'अध्याय',
    preview: (minutes) => `मुफ़्त प्रीव्यू: आप हर अध्याय के पहले ${minutes} मिनट सुन सकते हैं।`,
    fullAccess: 'हर अध्याय पूरा सुना जा सकता है।',
    cannotPlay: 'आपका ब्राउज़र यह ऑडियो नहीं चला सकता।',
    cta: 'अपनी ऑडियोबुक बनाएँ',
    footer: 'Timbre से बनाया गया, आपके अपने सर्वर पर AI आवाज़ और ऑडियो।',
    notFoundTitle: 'ऑडियोबुक नहीं मिली',
    notFoundBody: 'यह ऑडियोबुक मौजूद नहीं है या अब प्रकाशित नहीं है।',
  },
  'ja-JP': {
    by: (author) => `著者: ${author}`,
    chapters: 'チャプター',
    preview: (minutes) => `無料プレビュー: 各チャプターの最初の${minutes}分を聴けます。`,
    fullAccess: 'すべてのチャプターを最後まで聴けます。',
    cannotPlay: 'お使いのブラウザではこの音声を再生できません。',
    cta: '自分のオーディオブックを作成',
    footer: 'Timbre で作成。自分のサーバーで動く AI 音声。',
    notFoundTitle: 'オーディオブックが見つかりません',
    notFoundBody: 'このオーディオブックは存在しないか、公開が終了しました。',
  },
  'pl-PL': {
    by: (author) => `autor: ${author}`,
    chapters: 'Rozdziały',
    preview: (minutes) => `Darmowy fragment: możesz posłuchać pierwszych ${minutes} minut każdego rozdziału.`,
    fullAccess: 'Każdego rozdziału można wysłuchać w całości.',
    cannotPlay: 'Twoja przeglądarka nie może odtworzyć tego dźwięku.',
    cta: 'Stwórz własny audiobook',
    footer: 'Stworzone w Timbre, głos i dźwięk AI na Twoim własnym serwerze.',
    notFoundTitle: 'Nie znaleziono audiobooka',
    notFoundBody: 'Ten audiobook nie istnieje lub nie jest już opublikowany.',
  },
  'pt-PT': {
    by: (author) => `de ${author}`,
    chapters: 'Capítulos',
    preview: (minutes) =>
      `Pré-visualização gratuita: pode ouvir os primeiros ${minutes} minutos de cada capítulo.`,
    fullAccess: 'Todos os capítulos podem ser ouvidos na íntegra.',
    cannotPlay: 'O seu navegador não consegue reproduzir este áudio.',
    cta: 'Crie o seu próprio audiolivro',
    footer: 'Feito com Timbre, voz e áudio com IA no seu próprio servidor.',
    notFoundTitle: 'Audiolivro não encontrado',
    notFoundBody: 'Este audiolivro não existe ou já não está publicado.',
  },
  'sv-SE': {
    by: (author) => `av ${author}`,
    chapters: 'Kapitel',
    preview: (minutes) =>
      `Gratis smakprov: du kan lyssna på de första ${minutes} minuterna av varje kapitel.`,
    fullAccess: 'Varje kapitel kan lyssnas på i sin helhet.',
    cannotPlay: 'Din webbläsare kan inte spela upp det här ljudet.',
    cta: 'Skapa din egen ljudbok',
    footer: 'Skapad med Timbre, AI-röst och ljud på din egen server.',
    notFoundTitle: 'Ljudboken hittades inte',
    notFoundBody: 'Den här ljudboken finns inte eller är inte längre publicerad.',
  },
}

export function bookMessages(locale: Locale): BookMessages {
  return MESSAGES[locale]
}
