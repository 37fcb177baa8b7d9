import type { Locale } from '@timbre/contract'

// The share page's texts in the app's nine locales. The visitor is usually signed out, so the
// page speaks the language their browser asks for (Accept-Language), like the app itself.

export interface ShareMessages {
  categories: Record<'premade' | 'cloned' | 'generated' | 'professional', string>
  sharedBy: (name: string) => string
  cannotPlay: string
  downloadIt: string
  text: string
  download: string
  cta: string
  footer: string
  onTimbre: (speakers: string) => string
  and: string
  notFoundTitle: string
  notFoundBody: string
}

const MESSAGES: Record<Locale, ShareMessages> = {
  'en-US': {
    categories: {
      premade: 'Default voice',
      cloned: 'Cloned voice',
      generated: 'Designed voice',
      professional: 'Professional voice',
    },
    sharedBy: (name) => `shared by ${name}`,
    cannotPlay: 'Your browser cannot play this audio.',
    downloadIt: 'Download it',
    text: 'Text',
    download: 'Download audio',
    cta: 'Create your own voice audio',
    footer: 'Made with Timbre, AI voice and audio on your own server.',
    onTimbre: (speakers) => `${speakers} on Timbre`,
    and: 'and',
    notFoundTitle: 'Share link not found',
    notFoundBody:
      'This share link does not exist or was removed. Ask the person who shared it for a new link.',
  },
  'de-DE': {
    categories: {
      premade: 'Standardstimme',
      cloned: 'Geklonte Stimme',
      generated: 'Entworfene Stimme',
      professional: 'Professionelle Stimme',
    },
    sharedBy: (name) => `geteilt von ${name}`,
    cannotPlay: 'Dein Browser kann dieses Audio nicht abspielen.',
    downloadIt: 'Herunterladen',
    text: 'Text',
    download: 'Audio herunterladen',
    cta: 'Eigenes Sprach-Audio erstellen',
    footer: 'Erstellt mit Timbre, KI-Stimmen und Audio auf deinem eigenen Server.',
    onTimbre: (speakers) => `${speakers} auf Timbre`,
    and: 'und',
    notFoundTitle: 'Freigabelink nicht gefunden',
    notFoundBody:
      'Dieser Freigabelink existiert nicht oder wurde entfernt. Bitte die Person, die ihn geteilt hat, um einen neuen Link.',
  },
  'es-ES': {
    categories: {
      premade: 'Voz predeterminada',
      cloned: 'Voz clonada',
      generated: 'Voz diseñada',
      professional: 'Voz profesional',
    },
    sharedBy: (name) => `compartido por ${name}`,
    cannotPlay: 'Tu navegador no puede reproducir este audio.',
    downloadIt: 'Descárgalo',
    text: 'Texto',
    download: 'Descargar audio',
    cta: 'Crea tu propio audio de voz',
    footer: 'Hecho con Timbre, voz y audio con IA en tu propio servidor.',
    onTimbre: (speakers) => `${speakers} en Timbre`,
    and: 'y',
    notFoundTitle: 'No se encontró el enlace',
    notFoundBody:
      'Este enlace para compartir no existe o se eliminó. Pide un enlace nuevo a quien lo compartió.',
  },
  'fr-FR': {
    categories: {
      premade: 'Voix par défaut',
      cloned: 'Voix clonée',
      generated: 'Voix conçue',
      professional: 'Voix professionnelle',
    },
    sharedBy: (name) => `partagé par ${name}`,
    cannotPlay: 'Votre navigateur ne peut pas lire cet audio.',
    downloadIt: 'Téléchargez-le',
    text: 'Texte',
    download: "Télécharger l'audio",
    cta: 'Créez votre propre audio vocal',
    footer: 'Réalisé avec Timbre, voix et audio par IA sur votre propre serveur.',
    onTimbre: (speakers) => `${speakers} sur Timbre`,
    and: 'et',
    notFoundTitle: 'Lien de partage introuvable',
    notFoundBody:
      "Ce lien de partage n'existe pas ou a été supprimé. Demandez un nouveau lien à la personne qui l'a partagé.",
  },
  'hi-IN': {
    categories: {
      premade: 'डिफ़ॉल्ट आवाज़',
      cloned: 'क्लोन की गई आवाज़',
      generated: 'डिज़ाइन की गई आवाज़',
      professional: 'प्रोफ़ेशनल आवाज़',
    },
    sharedBy: (name) => `${name} द्वारा साझा`,
    cannotPlay: 'आपका ब्राउज़र यह ऑडियो नहीं चला सकता।',
    downloadIt: 'डाउनलोड करें',
    text: 'टेक्स्ट',
    download: 'ऑडियो डाउनलोड करें',
    cta: 'अपना खुद का वॉइस ऑडियो बनाएँ',
    footer: 'Timbre से बनाया गया, आपके अपने सर्वर पर AI आवाज़ और ऑडियो।',
    onTimbre: (speakers) => `Timbre पर ${speakers}`,
    and: 'और',
    notFoundTitle: 'शेयर लिंक नहीं मिला',
    notFoundBody: 'यह शेयर लिंक मौजूद नहीं है या हटा दिया गया है। साझा करने वाले व्यक्ति से नया लिंक माँगें।',
  },
  'ja-JP': {
    categories: {
      premade: '標準の音声',
      cloned: 'クローン音声',
      generated: 'デザインした音声',
      professional: 'プロフェッショナル音声',
    },
    sharedBy: (name) => `${name} さんが共有`,
    cannotPlay: 'お使いのブラウザーではこの音声を再生できません。',
    downloadIt: 'ダウンロード',
    text: 'テキスト',
    download: '音声をダウンロード',
    cta: '自分の音声を作成する',
    footer: 'Timbre で作成。自分のサーバーで動く AI 音声。',
    onTimbre: (speakers) => `Timbre の ${speakers}`,
    and: 'と',
    notFoundTitle: '共有リンクが見つかりません',
    notFoundBody:
      'この共有リンクは存在しないか、削除されました。共有した人に新しいリンクを依頼してください。',
  },
  'pl-PL': {
    categories: {
      premade: 'Głos domyślny',
      cloned: 'Głos sklonowany',
      generated: 'Głos zaprojektowany',
      professional: 'Głos profesjonalny',
    },
    sharedBy: (name) => `udostępnione przez: ${name}`,
    cannotPlay: 'Twoja przeglądarka nie może odtworzyć tego nagrania.',
    downloadIt: 'Pobierz je',
    text: 'Tekst',
    download: 'Pobierz nagranie',
    cta: 'Utwórz własne nagranie głosowe',
    footer: 'Utworzono w Timbre — głos i dźwięk AI na Twoim własnym serwerze.',
    onTimbre: (speakers) => `${speakers} w Timbre`,
    and: 'i',
    notFoundTitle: 'Nie znaleziono linku',
    notFoundBody:
      'Ten link do udostępnienia nie istnieje lub został usunięty. Poproś osobę, która go udostępniła, o nowy link.',
  },
  'pt-PT': {
    categories: {
      premade: 'Voz predefinida',
      cloned: 'Voz clonada',
      generated: 'Voz desenhada',
      professional: 'Voz profissional',
    },
    sharedBy: (name) => `partilhado por ${name}`,
    cannotPlay: 'O seu navegador não consegue reproduzir este áudio.',
    downloadIt: 'Transfira-o',
    text: 'Texto',
    download: 'Transferir áudio',
    cta: 'Crie o seu próprio áudio de voz',
    footer: 'Feito com o Timbre, voz e áudio com IA no seu próprio servidor.',
    onTimbre: (speakers) => `${speakers} no Timbre`,
    and: 'e',
    notFoundTitle: 'Ligação de partilha não encontrada',
    notFoundBody:
      'Esta ligação de partilha não existe ou foi removida. Peça uma nova ligação a quem a partilhou.',
  },
  'sv-SE': {
    categories: {
      premade: 'Standardröst',
      cloned: 'Klonad röst',
      generated: 'Designad röst',
      professional: 'Professionell röst',
    },
    sharedBy: (name) => `delad av ${name}`,
    cannotPlay: 'Din webbläsare kan inte spela upp ljudet.',
    downloadIt: 'Ladda ned det',
    text: 'Text',
    download: 'Ladda ned ljudet',
    cta: 'Skapa ditt eget röstljud',
    footer: 'Gjort med Timbre, AI-röst och ljud på din egen server.',
    onTimbre: (speakers) => `${speakers} på Timbre`,
    and: 'och',
    notFoundTitle: 'Delningslänken hittades inte',
    notFoundBody:
      'Delningslänken finns inte eller har tagits bort. Be personen som delade den om en ny länk.',
  },
}

export function shareMessages(locale: Locale): ShareMessages {
  return MESSAGES[locale]
}
