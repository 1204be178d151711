// The scene catalogue: one source for the seeded `bundles`/`scenes` rows and for the artwork engine's compositions.
// Composition names are ids from the shared custom-scene vocabulary, so pre-made and custom scenes compose alike.

export interface SceneComposition {
  readonly location: string;
  readonly activity: string;
  readonly companions: readonly string[];
  readonly objects: readonly string[];
}

export interface CatalogueScene {
  readonly id: string;
  readonly title: string;
  readonly shortDescription: string;
  readonly composition: SceneComposition;
}

export interface CatalogueBundle {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly scenes: readonly CatalogueScene[];
}

const scene = (
  id: string,
  title: string,
  shortDescription: string,
  location: string,
  activity: string,
  companions: string[],
  objects: string[],
): CatalogueScene => ({ id, title, shortDescription, composition: { location, activity, companions, objects } });

export const CATALOGUE: readonly CatalogueBundle[] = [
  {
    id: 'space',
    name: 'Space Adventure',
    description: 'Rockets, planets and friendly aliens far beyond the clouds.',
    scenes: [
      scene('space-rocket-launch', 'Blast Off!', 'Zooming into the stars in a shiny rocket.', 'space', 'flying', [], ['rocket', 'star']),
      scene('space-moon-walk', 'Moon Walk', 'Bouncing across the craters of the Moon.', 'moon', 'exploring', [], ['planet', 'star']),
      scene('space-alien-friend', 'Alien Friend', 'Waving hello to a friendly alien.', 'space', 'waving', ['alien'], ['planet']),
      scene('space-planet-hop', 'Planet Hopping', 'Visiting ringed planets one by one.', 'space', 'exploring', [], ['planet', 'rocket']),
      scene('space-star-catcher', 'Star Catcher', 'Collecting twinkling stars in the night sky.', 'space', 'playing', [], ['star']),
      scene(
        'space-moon-picnic',
        'Picnic on the Moon',
        'A picnic with a view of planet Earth.',
        'moon',
        'picnicking',
        ['alien'],
        ['planet'],
      ),
    ],
  },
  {
    id: 'dinosaurs',
    name: 'Dinosaur World',
    description: 'Stomping, roaring fun with friendly dinosaurs.',
    scenes: [
      scene(
        'dino-best-friends',
        'Dino Best Friends',
        'Hanging out with a friendly T-rex.',
        'prehistoric-valley',
        'waving',
        ['dinosaur'],
        ['tree'],
      ),
      scene(
        'dino-egg-hunt',
        'Dinosaur Egg Hunt',
        'Discovering a nest of spotty eggs.',
        'prehistoric-valley',
        'exploring',
        ['dinosaur'],
        ['treasure-chest'],
      ),
      scene(
        'dino-volcano-valley',
        'Volcano Valley',
        'Exploring a valley with a smoking volcano.',
        'prehistoric-valley',
        'exploring',
        ['dinosaur'],
        ['volcano'],
      ),
      scene('dino-ride', 'Dino Ride', 'Riding on the back of a gentle giant.', 'prehistoric-valley', 'riding', ['dinosaur'], ['tree']),
      scene(
        'dino-picnic',
        'Prehistoric Picnic',
        'Sharing lunch with a hungry little dinosaur.',
        'prehistoric-valley',
        'picnicking',
        ['dinosaur'],
        [],
      ),
      scene(
        'dino-fossil-dig',
        'Fossil Dig',
        'Digging for dinosaur bones like a scientist.',
        'prehistoric-valley',
        'building',
        ['dinosaur'],
        ['tree'],
      ),
    ],
  },
  {
    id: 'under-the-sea',
    name: 'Under the Sea',
    description: 'Dive into a coral reef full of sea friends.',
    scenes: [
      scene(
        'sea-dolphin-swim',
        'Swimming with Dolphins',
        'Gliding through the waves with a dolphin.',
        'ocean-floor',
        'swimming',
        ['dolphin'],
        ['shell'],
      ),
      scene(
        'sea-treasure',
        'Sunken Treasure',
        'Finding a treasure chest on the sea bed.',
        'ocean-floor',
        'exploring',
        ['fish'],
        ['treasure-chest'],
      ),
      scene('sea-coral-reef', 'Coral Reef', 'Snorkelling over a colourful coral reef.', 'ocean-floor', 'swimming', ['fish'], ['shell']),
      scene('sea-fish-school', 'Fishy Friends', 'Waving to a school of little fish.', 'ocean-floor', 'waving', ['fish'], []),
      scene(
        'sea-shell-collector',
        'Shell Collector',
        'Collecting shells on the ocean floor.',
        'ocean-floor',
        'exploring',
        ['fish'],
        ['shell', 'treasure-chest'],
      ),
      scene(
        'sea-story-time',
        'Underwater Story Time',
        'Reading a story to the fish.',
        'ocean-floor',
        'reading',
        ['fish', 'dolphin'],
        ['book'],
      ),
    ],
  },
  {
    id: 'fairy-tale',
    name: 'Fairy Tale Castle',
    description: 'Crowns, castles, unicorns and a very friendly dragon.',
    scenes: [
      scene('fairy-royal-crown', 'Royal for a Day', 'Wearing a crown in front of the castle.', 'castle', 'waving', [], ['crown']),
      scene('fairy-unicorn', 'Unicorn Friend', 'Meeting a magical unicorn.', 'enchanted-forest', 'riding', ['unicorn'], ['star']),
      scene('fairy-dragon', 'The Friendly Dragon', 'Riding a friendly dragon to the castle.', 'castle', 'riding', ['dragon'], ['crown']),
      scene('fairy-magic-wand', 'Magic Wand', 'Casting sparkly spells in the forest.', 'enchanted-forest', 'playing', [], ['wand', 'star']),
      scene('fairy-ballroom', 'Castle Ball', 'Dancing at the royal ball.', 'castle', 'dancing', [], ['crown']),
      scene(
        'fairy-tea-party',
        'Enchanted Tea Party',
        'A tea party with woodland friends.',
        'enchanted-forest',
        'picnicking',
        ['bunny'],
        ['flower'],
      ),
    ],
  },
  {
    id: 'jungle-safari',
    name: 'Jungle Safari',
    description: 'Lions, elephants and monkeys on a wild adventure.',
    scenes: [
      scene('safari-lion', 'Lion Pride', 'Meeting a lion cub on the savanna.', 'savanna', 'exploring', ['lion'], ['tree']),
      scene('safari-elephant', 'Elephant Splash', 'Splashing with a baby elephant.', 'savanna', 'playing', ['elephant'], ['tree']),
      scene('safari-giraffe', 'Tall Friends', 'Looking up at a gentle giraffe.', 'savanna', 'waving', ['giraffe'], ['tree']),
      scene('safari-monkey', 'Monkey Business', 'Swinging through the trees with monkeys.', 'jungle', 'playing', ['monkey'], ['tree']),
      scene('safari-parrot', 'Jungle Parrots', 'Exploring the rainforest with parrots.', 'jungle', 'exploring', ['bird'], ['flower']),
      scene('safari-jeep', 'Safari Drive', 'Driving across the plains on safari.', 'savanna', 'driving', ['giraffe', 'elephant'], ['car']),
    ],
  },
  {
    id: 'farm',
    name: 'Farm Friends',
    description: 'Tractors, barns and all the animals on the farm.',
    scenes: [
      scene('farm-tractor', 'Tractor Driver', 'Driving a big tractor across the fields.', 'farm', 'driving', [], ['tractor']),
      scene('farm-cow', 'Moo Moo Cow', 'Saying hello to a friendly cow.', 'farm', 'waving', ['cow'], ['flower']),
      scene('farm-piglets', 'Muddy Piglets', 'Playing with piglets in the farmyard.', 'farm', 'playing', ['pig'], []),
      scene('farm-pony-ride', 'Pony Ride', 'Riding a pony around the farm.', 'farm', 'riding', ['horse'], ['tree']),
      scene('farm-garden', 'Veggie Patch', 'Growing vegetables in the garden.', 'garden', 'gardening', ['bunny'], ['flower']),
      scene('farm-puppy', 'Farm Puppy', 'Running through the meadow with a puppy.', 'garden', 'playing', ['dog'], ['ball', 'tree']),
    ],
  },
  {
    id: 'sports-day',
    name: 'Sports Day',
    description: 'Goals, races and trophies for a little champion.',
    scenes: [
      scene(
        'sports-football',
        'Super Striker',
        'Scoring the winning goal.',
        'sports-field',
        'playing-football',
        ['dog'],
        ['ball', 'trophy'],
      ),
      scene('sports-trophy', 'Champion!', 'Holding up a shiny trophy.', 'sports-field', 'waving', ['teddy'], ['trophy', 'balloon']),
      scene('sports-race', 'Fastest Runner', 'Racing to the finish line.', 'sports-field', 'playing', ['dog'], ['trophy', 'flower']),
      scene('sports-kite', 'Kite Flying', 'Flying a kite on a windy day.', 'garden', 'playing', ['dog'], ['kite']),
      scene('sports-dance', 'Dance Star', 'Dancing on the big stage.', 'sports-field', 'dancing', ['cat'], ['star', 'balloon']),
      scene('sports-swim', 'Swimming Gala', 'Making a splash at the seaside swim.', 'beach', 'swimming', ['dolphin'], ['trophy', 'shell']),
    ],
  },
  {
    id: 'on-the-move',
    name: 'On the Move',
    description: 'Trains, planes and racing cars for little travellers.',
    scenes: [
      scene('move-race-car', 'Racing Car', 'Zooming round the track in a racing car.', 'city', 'driving', [], ['car']),
      scene('move-train', 'All Aboard!', 'Waving from a steam train.', 'city', 'waving', [], ['train']),
      scene('move-aeroplane', 'Up in the Air', 'Flying high in an aeroplane.', 'sky', 'flying', ['bird'], ['aeroplane']),
      scene('move-balloon', 'Balloon Ride', 'Floating over the hills in a balloon.', 'sky', 'exploring', ['bird'], ['balloon']),
      scene(
        'move-seaside-trip',
        'Seaside Trip',
        'Building sandcastles at the beach.',
        'beach',
        'building',
        ['dog'],
        ['bucket-and-spade', 'shell'],
      ),
      scene(
        'move-birthday',
        'Birthday Party',
        'Celebrating at home with cake and balloons.',
        'home',
        'picnicking',
        ['cat', 'teddy'],
        ['cake', 'balloon'],
      ),
    ],
  },
];

export const ALL_SCENES: readonly (CatalogueScene & { readonly bundleId: string })[] = CATALOGUE.flatMap((bundle) =>
  bundle.scenes.map((s) => ({ ...s, bundleId: bundle.id })),
);
