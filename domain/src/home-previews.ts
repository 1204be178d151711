// The shop's sample pages (the home page's hero and "A peek at the pages", the product cards): real pages the artwork
// engine draws from committed fixture photos when the shop is built (backend/scripts/home-previews.ts, decision 033).
// The script draws what is listed here; the pages show it with these words.

export interface HomePreview {
  /** The picture's file under /previews/ (written by the build, not committed). */
  readonly file: string;
  /** The catalogue scene it shows. */
  readonly sceneId: string;
  readonly level: 1 | 2 | 3 | 4;
  /** What the picture shows, for people who cannot see it. */
  readonly alt: string;
}

/** The name lettered across the top of every sample page. */
export const HOME_PREVIEW_CHILD_NAME = 'Lily';

const ON_THE_PAGE = `Colouring page with ${HOME_PREVIEW_CHILD_NAME}’s name: `;

/** The pictures' largest size in pixels (an A4 page, portrait): what the pages' width/height attributes say. */
export const HOME_PREVIEW_SIZE = { width: 600, height: 849 } as const;

/** The widths each picture is written at: the pages let the browser choose by the space it has and the screen. */
export const HOME_PREVIEW_WIDTHS = [300, 400, HOME_PREVIEW_SIZE.width] as const;

/** Where a sample picture is at a width: the largest keeps the plain name ('space.webp'), a smaller one says its width ('space-300.webp'). */
export function samplePicturePath(file: string, width: number = HOME_PREVIEW_SIZE.width): string {
  return `/previews/${width === HOME_PREVIEW_SIZE.width ? file : file.replace(/\.webp$/, `-${width}.webp`)}`;
}

/** The picture's srcset, every width it is written at. */
export function samplePictureSrcSet(file: string): string {
  return HOME_PREVIEW_WIDTHS.map((w) => `${samplePicturePath(file, w)} ${w}w`).join(', ');
}

export const HOME_PREVIEWS: readonly HomePreview[] = [
  {
    file: 'space.webp',
    sceneId: 'space-rocket-launch',
    level: 2,
    alt: `${ON_THE_PAGE}the child waves from the top of a rocket on the cratered Moon, stars all round`,
  },
  {
    file: 'dinosaur.webp',
    sceneId: 'dino-ride',
    level: 2,
    alt: `${ON_THE_PAGE}the child rides on the back of a long-necked dinosaur over the hills`,
  },
  {
    file: 'train.webp',
    sceneId: 'move-train',
    level: 3,
    alt: `${ON_THE_PAGE}the child waves from a steam train’s carriage in the city, saying Hello!`,
  },
  {
    file: 'castle.webp',
    sceneId: 'fairy-royal-crown',
    level: 2,
    alt: `${ON_THE_PAGE}the child wears a crown and waves beside a fairy-tale castle`,
  },
  {
    file: 'garden.webp',
    sceneId: 'farm-garden',
    level: 3,
    alt: `${ON_THE_PAGE}the child waters the garden with a watering can, a bunny nearby`,
  },
];

/** The two pages the hero shows, back then front (the same files as the samples: one download each). */
export const HOME_HERO_PAGES = ['space.webp', 'castle.webp'] as const;

/** The product cards' pictures (/products), decorative beside each card's heading: a scene page (one of the samples),
 * a single-photo page and a page of the dot-to-dot book. */
export const PRODUCT_PICTURES = {
  colouring: 'dinosaur.webp',
  singlePhoto: 'single-photo.webp',
  dotToDot: 'dot-to-dot.webp',
} as const;
