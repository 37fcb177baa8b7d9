// Texts a design speaks when the caller asks for one to be generated: one per language, each
// long enough for the public API's 100-character minimum and shaped by what the voice is for.

const TEXTS: Record<string, string[]> = {
  en: [
    'Hello there, and welcome. Let me tell you a little story about a quiet village by the sea, where the mornings smell of salt and fresh bread.',
    'Good evening. Tonight we look back at the week that was, from the markets to the mountains, and at the people who made the headlines.',
  ],
  de: [
    'Hallo und herzlich willkommen. Ich erzähle dir heute eine kleine Geschichte über ein ruhiges Dorf am Meer, wo es morgens nach frischem Brot duftet.',
  ],
  fr: [
    "Bonjour et bienvenue. Laissez-moi vous raconter l'histoire d'un petit village au bord de la mer, où les matins sentent le sel et le pain chaud.",
  ],
  es: [
    'Hola y bienvenidos. Hoy os voy a contar una pequeña historia sobre un pueblo tranquilo junto al mar, donde las mañanas huelen a sal y a pan recién hecho.',
  ],
  pt: [
    'Olá e bem-vindos. Hoje vou contar-vos uma pequena história sobre uma aldeia tranquila junto ao mar, onde as manhãs cheiram a sal e a pão quente.',
  ],
  it: [
    'Ciao e benvenuti. Oggi vi racconto una piccola storia su un villaggio tranquillo vicino al mare, dove le mattine profumano di sale e di pane fresco.',
  ],
  pl: [
    'Dzień dobry i witam serdecznie. Opowiem wam dziś krótką historię o cichej wiosce nad morzem, gdzie poranki pachną solą i świeżym chlebem.',
  ],
  sv: [
    'Hej och välkommen. Jag ska berätta en liten historia om en lugn by vid havet, där morgnarna doftar av salt och nybakat bröd.',
  ],
}

/** A text for previews in a language (English where none is written), picked by the seed. */
export function previewTextFor(language: string, seed: number): string {
  const list = TEXTS[language] ?? TEXTS.en!
  return list[Math.abs(seed) % list.length]!
}
