// The custom-scene vocabulary: the guided builder's four dropdowns and the words free writing is matched by.
// Every id names an asset family of the artwork library, so any combination composes a page.

export interface VocabularyEntry {
  readonly id: string;
  readonly label: string;
  /** Lower-case words and phrases that mean this entry in free-written text. */
  readonly words: readonly string[];
}

export const ACTIVITIES: readonly VocabularyEntry[] = [
  { id: 'waving', label: 'waving hello', words: ['waving', 'wave', 'saying hello', 'smiling'] },
  { id: 'flying', label: 'flying a rocket', words: ['flying', 'fly', 'rocket', 'blasting off', 'astronaut'] },
  { id: 'exploring', label: 'exploring', words: ['exploring', 'explore', 'discovering', 'adventure', 'searching'] },
  { id: 'swimming', label: 'swimming', words: ['swimming', 'swim', 'diving', 'snorkelling', 'snorkeling'] },
  { id: 'riding', label: 'riding', words: ['riding', 'ride', 'galloping'] },
  { id: 'driving', label: 'driving', words: ['driving', 'drive', 'racing', 'race'] },
  { id: 'playing-football', label: 'playing football', words: ['football', 'soccer', 'kicking', 'scoring a goal'] },
  { id: 'dancing', label: 'dancing', words: ['dancing', 'dance', 'twirling', 'ballet'] },
  { id: 'reading', label: 'reading a book', words: ['reading', 'read', 'story', 'book'] },
  { id: 'painting', label: 'painting', words: ['painting', 'paint', 'drawing', 'colouring', 'coloring'] },
  { id: 'picnicking', label: 'having a picnic', words: ['picnic', 'picnicking', 'eating', 'having lunch', 'tea party'] },
  { id: 'building', label: 'building sandcastles', words: ['building', 'build', 'sandcastle', 'digging'] },
  { id: 'gardening', label: 'gardening', words: ['gardening', 'planting', 'watering', 'growing'] },
  { id: 'playing', label: 'playing', words: ['playing', 'play', 'having fun', 'jumping', 'running'] },
];

export const LOCATIONS: readonly VocabularyEntry[] = [
  { id: 'space', label: 'outer space', words: ['space', 'outer space', 'stars', 'galaxy', 'planet'] },
  { id: 'moon', label: 'the Moon', words: ['moon', 'lunar', 'crater'] },
  { id: 'prehistoric-valley', label: 'a dinosaur valley', words: ['prehistoric', 'volcano', 'dinosaur land', 'valley'] },
  { id: 'ocean-floor', label: 'under the sea', words: ['under the sea', 'ocean', 'sea', 'underwater', 'coral reef', 'reef'] },
  { id: 'beach', label: 'the beach', words: ['beach', 'seaside', 'sand', 'shore'] },
  { id: 'castle', label: 'a fairy-tale castle', words: ['castle', 'palace', 'kingdom', 'tower'] },
  { id: 'enchanted-forest', label: 'an enchanted forest', words: ['forest', 'woods', 'enchanted', 'magic forest'] },
  { id: 'jungle', label: 'the jungle', words: ['jungle', 'rainforest'] },
  { id: 'savanna', label: 'the savanna', words: ['savanna', 'safari', 'africa', 'grassland'] },
  { id: 'farm', label: 'a farm', words: ['farm', 'farmyard', 'barn', 'field'] },
  { id: 'sports-field', label: 'a sports field', words: ['stadium', 'pitch', 'sports field', 'sports day', 'track'] },
  { id: 'city', label: 'a busy town', words: ['city', 'town', 'street', 'road'] },
  { id: 'sky', label: 'the sky', words: ['sky', 'clouds', 'air', 'airport'] },
  { id: 'garden', label: 'the garden', words: ['garden', 'park', 'backyard', 'meadow', 'flowers'] },
  { id: 'home', label: 'home', words: ['home', 'house', 'bedroom', 'kitchen', 'living room'] },
];

export const COMPANIONS: readonly VocabularyEntry[] = [
  { id: 'dog', label: 'a puppy', words: ['dog', 'puppy', 'doggy'] },
  { id: 'cat', label: 'a kitten', words: ['cat', 'kitten', 'kitty'] },
  { id: 'dinosaur', label: 'a friendly dinosaur', words: ['dinosaur', 't-rex', 'trex', 'dino'] },
  { id: 'fish', label: 'fish', words: ['fish', 'goldfish'] },
  { id: 'dolphin', label: 'a dolphin', words: ['dolphin', 'whale'] },
  { id: 'unicorn', label: 'a unicorn', words: ['unicorn', 'pony'] },
  { id: 'dragon', label: 'a friendly dragon', words: ['dragon'] },
  { id: 'lion', label: 'a lion', words: ['lion', 'lion cub'] },
  { id: 'elephant', label: 'an elephant', words: ['elephant'] },
  { id: 'monkey', label: 'a monkey', words: ['monkey', 'chimp'] },
  { id: 'giraffe', label: 'a giraffe', words: ['giraffe'] },
  { id: 'cow', label: 'a cow', words: ['cow', 'calf'] },
  { id: 'pig', label: 'a pig', words: ['pig', 'piglet'] },
  { id: 'horse', label: 'a horse', words: ['horse', 'foal'] },
  { id: 'bird', label: 'birds', words: ['bird', 'birds', 'parrot', 'owl'] },
  { id: 'alien', label: 'a friendly alien', words: ['alien', 'martian'] },
  { id: 'bunny', label: 'a bunny', words: ['rabbit', 'bunny'] },
  { id: 'teddy', label: 'a teddy bear', words: ['teddy', 'teddy bear', 'bear'] },
];

export const OBJECTS: readonly VocabularyEntry[] = [
  { id: 'rocket', label: 'a rocket', words: ['rocket', 'spaceship'] },
  { id: 'planet', label: 'planets', words: ['planet', 'planets', 'saturn'] },
  { id: 'star', label: 'stars', words: ['star', 'stars'] },
  { id: 'volcano', label: 'a volcano', words: ['volcano'] },
  { id: 'treasure-chest', label: 'a treasure chest', words: ['treasure', 'chest', 'gold'] },
  { id: 'shell', label: 'seashells', words: ['shell', 'shells', 'seashell'] },
  { id: 'bucket-and-spade', label: 'a bucket and spade', words: ['bucket', 'spade'] },
  { id: 'crown', label: 'a crown', words: ['crown', 'tiara'] },
  { id: 'wand', label: 'a magic wand', words: ['wand', 'magic'] },
  { id: 'ball', label: 'a ball', words: ['ball', 'football'] },
  { id: 'trophy', label: 'a trophy', words: ['trophy', 'medal', 'cup'] },
  { id: 'car', label: 'a car', words: ['car', 'racing car'] },
  { id: 'train', label: 'a train', words: ['train', 'railway'] },
  { id: 'aeroplane', label: 'an aeroplane', words: ['aeroplane', 'airplane', 'plane', 'jet'] },
  { id: 'tractor', label: 'a tractor', words: ['tractor'] },
  { id: 'balloon', label: 'balloons', words: ['balloon', 'balloons'] },
  { id: 'flower', label: 'flowers', words: ['flower', 'flowers', 'rose', 'daisy'] },
  { id: 'tree', label: 'trees', words: ['tree', 'trees', 'palm tree'] },
  { id: 'book', label: 'a book', words: ['book', 'books'] },
  { id: 'kite', label: 'a kite', words: ['kite'] },
  { id: 'cake', label: 'a birthday cake', words: ['cake', 'birthday', 'cupcake'] },
];
