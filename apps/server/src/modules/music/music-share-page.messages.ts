import type { Locale } from '@timbre/contract'

// The song share page's texts in the app's nine locales; the visitor's browser picks one.

export interface MusicShareMessages {
  song: string
  sharedBy: (name: string) => string
  sections: string
  cannotPlay: string
  downloadIt: string
  download: string
  cta: string
  footer: string
  notFoundTitle: string
  notFoundBody: string
}

const MESSAGES: Record<Locale, MusicShareMessages> = {
  'en-US': {
    song: 'Song',
    sharedBy: (name) => `shared by ${name}`,
    sections: 'Sections',
    cannotPlay: 'Your browser cannot play this audio.',
    downloadIt: 'Download it',
    download: 'Download song',
    cta: 'Compose your own music',
    footer: 'Made with Timbre, AI voice and audio on your own server.',
    notFoundTitle: 'Share link not found',
    notFoundBody:
      'This share link does not exist or was removed. Ask the person who shared it for a new link.',
  },
  'de-DE': {
    song: 'Song',
    sharedBy: (name) => `geteilt von ${name}`,
    sections: 'Abschnitte',
    cannotPlay: 'Dein Browser kann dieses Audio nicht abspielen.',
    downloadIt: 'Herunterladen',
    download: 'Song herunterladen',
    cta: 'Eigene Musik komponieren',
    footer: 'Erstellt mit Timbre, KI-Stimme und -Audio auf deinem eigenen Server.',
    notFoundTitle: 'Freigabelink nicht gefunden',
    notFoundBody:
      'Dieser Freigabelink existiert nicht oder wurde entfernt. Bitte die Person, die ihn geteilt hat, um einen neuen Link.',
  },
  'es-ES': {
    song: 'Canción',
    sharedBy: (name) => `compartida por ${name}`,
    sections: 'Secciones',
    cannotPlay: 'Tu navegador no puede reproducir este audio.',
    downloadIt: 'Descárgalo',
    download: 'Descargar canción',
    cta: 'Compón tu propia música',
    footer: 'Hecho con Timbre, voz y audio con IA en tu propio servidor.',
    notFoundTitle: 'Enlace no encontrado',
    notFoundBody:
      'Este enlace no existe o se ha eliminado. Pide un enlace nuevo a la persona que lo compartió.',
  },
  'fr-FR': {
    song: 'Morceau',
    sharedBy: (name) => `partagé par ${name}`,
    sections: 'Sections',
    cannotPlay: 'Votre navigateur ne peut pas lire cet audio.',
    downloadIt: 'Téléchargez-le',
    download: 'Télécharger le morceau',
    cta: 'Composez votre propre musique',
    footer: 'Créé avec Timbre, voix et audio par IA sur votre propre serveur.',
    notFoundTitle: 'Lien de partage introuvable',
    notFoundBody:
      "Ce lien de partage n'existe pas ou a été supprimé. Demandez un nouveau lien à la personne qui l'a partagé.",
  },
  'hi-IN': {
    song: 'गीत',
    sharedBy: (name) => `${name} द्वारा साझा किया गया`,
    sections: 'भाग',
    cannotPlay: 'आपका ब्राउज़र यह ऑडियो नहीं चला सकता।',
    downloadIt: 'इसे डाउनलोड करें',
    download: 'गीत डाउनलोड करें',
    cta: 'अपना संगीत बनाएँ',
    footer: 'Timbre से बनाया गया, आपके अपने सर्वर पर AI आवाज़ और ऑडियो।',
    notFoundTitle: 'साझा लिंक नहीं मिला',
    notFoundBody: 'यह साझा लिंक मौजूद नहीं है या हटा दिया गया है। साझा करने वाले व्यक्ति से नया लिंक माँगें।',
  },
  'ja-JP': {
    song: '曲',
    sharedBy: (name) => `${name} さんが共有`,
    sections: 'セクション',
    cannotPlay: 'お使いのブラウザーではこの音声を再生できません。',
    downloadIt: 'ダウンロード',
    download: '曲をダウンロード',
    cta: '自分の音楽を作曲する',
    footer: 'Timbre で作成。自分のサーバーで動く AI 音声とオーディオ。',
    notFoundTitle: '共有リンクが見つかりません',
    notFoundBody: 'この共有リンクは存在しないか削除されました。共有した人に新しいリンクを依頼してください。',
  },
  'pl-PL': {
    song: 'Utwór',
    sharedBy: (name) => `udostępnił(a) ${name}`,
    sections: 'Części',
    cannotPlay: 'Twoja przeglądarka nie może odtworzyć tego dźwięku.',
    downloadIt: 'Pobierz go',
    download: 'Pobierz utwór',
    cta: 'Skomponuj własną muzykę',
    footer: 'Stworzone w Timbre, głos i dźwięk AI na Twoim własnym serwerze.',
    notFoundTitle: 'Nie znaleziono linku',
    notFoundBody:
      'Ten link nie istnieje lub został usunięty. Poproś osobę, która go udostępniła, o nowy link.',
  },
  'pt-PT': {
    song: 'Música',
    sharedBy: (name) => `partilhada por ${name}`,
    sections: 'Secções',
    cannotPlay: 'O seu navegador não consegue reproduzir este áudio.',
    downloadIt: 'Transfira-o',
    download: 'Transferir música',
    cta: 'Componha a sua própria música',
    footer: 'Feito com Timbre, voz e áudio com IA no seu próprio servidor.',
    notFoundTitle: 'Ligação não encontrada',
    notFoundBody: 'Esta ligação não existe ou foi removida. Peça uma nova ligação a quem a partilhou.',
  },
  'sv-SE': {
    song: 'Låt',
    sharedBy: (name) => `delad av ${name}`,
    sections: 'Delar',
    cannotPlay: 'Din webbläsare kan inte spela upp det här ljudet.',
    downloadIt: 'Ladda ned det',
    download: 'Ladda ned låten',
    cta: 'Komponera din egen musik',
    footer: 'Gjord med Timbre, AI-röst och ljud på din egen server.',
    notFoundTitle: 'Delningslänken hittades inte',
    notFoundBody:
      'Den här delningslänken finns inte eller har tagits bort. Be personen som delade den om en ny länk.',
  },
}

export function musicShareMessages(locale: Locale): MusicShareMessages {
  return MESSAGES[locale]
}
