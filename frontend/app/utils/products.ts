// Where each product's unpaid session picks up again: its own page (the restore link, or a page of another product).
import type { ProductType } from '@colouring/domain';

/** The custom pages' preview, the single-photo draft, the dot-to-dot book's checkout. */
export const RESUME_AT: Record<ProductType, string> = {
  custom_scenes: '/preview',
  single_photo: '/single-photo',
  dot_to_dot: '/checkout',
};

/** The product a session is for (a session is made for one). */
export const productOf = (session: { productTypes: ProductType[] }): ProductType => session.productTypes[0] ?? 'custom_scenes';

/**
 * The drawn pictures of a PDF of `pageCount` pages, which the thank-you estimate counts (SPEC: 5 s a scene): every page
 * of a single-photo order; the others less their cover and closing page.
 */
export const picturesIn = (product: ProductType, pageCount: number): number =>
  product === 'single_photo' ? pageCount : Math.max(0, pageCount - 2);

/** The thank-you page's heading once the PDF is ready, naming what was bought: a dot-to-dot book is not colouring pages. */
export function readyHeading(product: ProductType, childName: string | null): string {
  const whose = childName ? `${childName}’s` : 'Your';
  return product === 'dot_to_dot' ? `${whose} dot-to-dot book is ready!` : `${whose} colouring pages are ready!`;
}
