// /single-photo with JavaScript on and off (issue 11 §1): the shop's fixture photos uploaded (a cat, a coffee cup, a
// portrait), every SPEC message of the screen, the tier price at 1, 2, 4 and 11 photos with the 'Large order' warning,
// the transitions of SPEC §4, a level per photo and 'Apply to all photos', and on to /checkout with the session id.
// What reached the server (each photo's level and aspect) is read back through the API with the browser's own code.
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { exhaustRateLimit, expectAccessible, fixturePhoto as photo, jsEnabled, ownClientAddress } from './support';

test.describe.configure({ timeout: 90_000 });

const clientIp = ownClientAddress();

const PHOTOS = ['chelsea.png', 'coffee.png', 'grace-hopper.jpg'] as const;
const nthPhoto = (n: number) => photo(PHOTOS[n % PHOTOS.length]!);

const M = {
  createOrderFailed: 'Failed to create order',
  enterValidEmail: 'Please enter a valid email address to continue',
  uploadAndCrop: 'Please upload and crop at least one photo',
  creatingOrder: 'Creating Order...',
  largeOrder: 'Large order',
  tooManyPhotos: 'You can add up to 50 photos to one order. For more, please start a second order.',
};

const js = () => jsEnabled(test.info());
const photoInput = (page: Page) => page.getByLabel(/choose a photo/i);
const checkoutButton = (page: Page) => page.getByRole('button', { name: /Continue to checkout|Creating Order\.\.\./ });
const customiseHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /Customise your pages/ });
const uploadHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /Upload a photo|Add another photo/ });

/** The first photo with JavaScript: chosen in the drop zone, checked by the browser, then cropped on step 2. */
async function chooseFirst(page: Page, file = nthPhoto(0)) {
  await expect(page.getByText('Click to choose a photo, or drag it here')).toBeVisible();
  await photoInput(page).setInputFiles(file);
  await expect(customiseHeading(page)).toBeFocused();
}

/** 'Add another photo' with JavaScript: back to step 1 with the file picker opened, then step 2 with the new photo. */
async function addAnother(page: Page, file: ReturnType<typeof photo>) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add another photo' }).click();
  await expect(uploadHeading(page)).toBeVisible();
  await (await chooser).setFiles(file);
  await expect(customiseHeading(page)).toBeFocused();
}

/** One photo per submit without JavaScript: the file, its shape and level, then the page again with a toast. */
async function addWithoutScript(
  page: Page,
  file: ReturnType<typeof photo>,
  number: number,
  choice: { aspect?: string; level?: number } = {},
) {
  await photoInput(page).setInputFiles(file);
  if (choice.aspect) await page.getByLabel(choice.aspect).check();
  if (choice.level) await page.getByLabel('Difficulty level', { exact: true }).selectOption(String(choice.level));
  await page.getByRole('button', { name: 'Add photo' }).click();
  await expect(page.locator('.toaster').getByText(`Photo ${number} added.`)).toBeAttached({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 2, name: `Your photos (${number})` })).toBeVisible();
}

/** Adds photos until there are `count`, whichever way the page works. */
async function addPhotos(page: Page, from: number, count: number) {
  for (let n = from; n < count; n += 1) {
    if (!js()) await addWithoutScript(page, nthPhoto(n), n + 1);
    else if (n === 0) await chooseFirst(page);
    else await addAnother(page, nthPhoto(n));
  }
}

async function expectPrice(page: Page, { total, each, saving }: { total: string; each: string | null; saving: string | null }) {
  await expect(page.getByTestId('photo-price-total')).toHaveText(total);
  if (each) await expect(page.getByTestId('photo-price-each')).toHaveText(each);
  else await expect(page.getByTestId('photo-price-each')).toHaveCount(0);
  if (saving) await expect(page.getByTestId('photo-price-saving')).toHaveText(saving);
  else await expect(page.getByTestId('photo-price-saving')).toHaveCount(0);
}

/** The draft as the server keeps it, read through the API with the magic code of this browser's cookie. */
async function serverDraft(context: BrowserContext, request: APIRequestContext, ip: string) {
  const cookie = (await context.cookies()).find((c) => c.name === 'colouring_session');
  expect(cookie, 'the session cookie').toBeTruthy();
  const magicCode = JSON.parse(Buffer.from(decodeURIComponent(cookie!.value), 'base64').toString('utf8')) as string;
  const response = await request.get('/api/single-photo', { headers: { 'x-magic-code': magicCode, 'x-forwarded-for': ip } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as {
    sessionId: string;
    email: string;
    photos: { id: string; number: number; level: number; aspect: string }[];
    price: { photoCount: number; subtotalPence: number };
  };
}

async function reachCheckout(page: Page) {
  await page.waitForURL((url) => url.pathname === '/checkout' && Boolean(url.searchParams.get('session_id')), { timeout: 75_000 });
}

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const path = test.info().outputPath(`${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await test.info().attach(`${name}-${width}`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a photo with its shape and level, the email, and on to checkout with the session id', async ({ page, context, request }) => {
  const response = await page.goto('/single-photo');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await expect(page).toHaveTitle(/Turn any photo into a colouring page/);
  await expect(page.getByRole('heading', { level: 1, name: 'Turn any photo into a colouring page' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Single photo');
  await expect(page.getByRole('link', { name: 'Back to Products' })).toHaveAttribute('href', '/products');
  await expect(page.getByRole('navigation', { name: 'Progress' }).getByRole('listitem')).toContainText(['Upload a photo', 'Customise']);
  await expect(page.getByText('Max 5MB • JPEG, PNG, WebP only')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tips for the best pages' }).getByRole('heading', { level: 4 })).toHaveText([
    'Do',
    "Don't",
  ]);
  await expect(page.getByText('Your photos are safe with us.')).toBeVisible();

  // Nothing yet: the checkout button says why (with JavaScript) or the server does (without).
  await page.getByLabel('Your email').fill('parent@example.com');
  if (js()) {
    await expect(checkoutButton(page)).toBeDisabled();
    await expect(page.getByText(M.uploadAndCrop)).toBeVisible();
  } else {
    await checkoutButton(page).click();
    await expect(page.locator('.form-error[role="alert"]')).toHaveText(M.uploadAndCrop);
    await expect(page.locator('.toaster').getByText(M.uploadAndCrop)).toBeAttached();
  }
  await expectAccessible(page);
  await screenshots(page, 'single-photo-empty');

  // The cat, as a landscape page at level 3.
  if (js()) {
    await chooseFirst(page, photo('chelsea.png'));
    await expect(page.getByLabel('Zoom')).toHaveAttribute('min', '1');
    await expect(page.getByLabel('Zoom')).toHaveAttribute('max', '3');
    await expect(page.getByLabel('Zoom')).toHaveAttribute('step', '0.1');
    await expect(page.getByRole('group', { name: 'Crop frame' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Portrait 3:4' })).toBeVisible();
    // A wide photo starts on a landscape page.
    await expect(page.getByRole('radio', { name: 'Landscape 4:3' })).toBeChecked();
    await page.getByLabel('Zoom').fill('1.5');
    await page.getByLabel('Difficulty level of photo 1').selectOption('3');
    await expect(page.getByRole('button', { name: 'Apply to all photos' })).toHaveCount(0);
  } else {
    await expect(page.getByRole('radio', { name: 'Portrait 3:4' })).toBeChecked();
    await addWithoutScript(page, photo('chelsea.png'), 1, { aspect: 'Landscape 4:3', level: 3 });
    // The page's line art, drawn by the server (the photo itself is gone).
    const art = page.getByRole('img', { name: 'Colouring page 1, line art' });
    await expect(art).toBeVisible();
    await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.locator('.draft-photo').getByText('Landscape 4:3')).toBeVisible();
    await expect(page.getByLabel('Level of photo 1')).toHaveValue('3');
  }
  await expectPrice(page, { total: '£0.99', each: null, saving: null });

  // The email: checked live with JavaScript, by the server without.
  await page.getByLabel('Your email').fill('parent@example');
  if (js()) {
    await expect(page.getByLabel('Your email')).toHaveAccessibleDescription(/Please enter a valid email address/);
    await expect(page.getByText(M.enterValidEmail)).toBeVisible();
    await expect(checkoutButton(page)).toBeDisabled();
  } else {
    // The browser's own check lets this through (it has an @); the domain's rule does not.
    await checkoutButton(page).click();
    await expect(page.getByLabel('Your email')).toHaveAccessibleDescription(/Please enter a valid email address/);
  }
  await expectAccessible(page);
  await page.getByLabel('Your email').fill('parent@example.com');
  if (js()) await expect(page.getByText(M.enterValidEmail)).toHaveCount(0);
  await screenshots(page, 'single-photo-one');

  await checkoutButton(page).click();
  if (js()) await expect(page.getByRole('button', { name: M.creatingOrder })).toBeDisabled();
  await reachCheckout(page);
  const draft = await serverDraft(context, request, clientIp());
  expect(new URL(page.url()).searchParams.get('session_id')).toBe(draft.sessionId);
  expect(draft.email).toBe('parent@example.com');
  expect(draft.photos).toEqual([expect.objectContaining({ number: 1, level: 3, aspect: 'landscape' })]);

  // Back on the page (the browser's back button, or a link from checkout), the order kept on the server is offered.
  await page.goto('/single-photo');
  if (js()) {
    await expect(page.getByRole('note').filter({ hasText: 'You have an order in progress with 1 photo.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue to checkout with it' })).toHaveAttribute(
      'href',
      `/checkout?session_id=${encodeURIComponent(draft.sessionId)}`,
    );
  } else {
    await expect(page.getByRole('heading', { level: 2, name: 'Your photos (1)' })).toBeVisible();
    await expect(page.getByLabel('Your email')).toHaveValue('parent@example.com');
  }
});

test('the tier price at 1, 2, 4 and 11 photos, the saving, and the Large order warning above 10', async ({ page, context, request }) => {
  test.setTimeout(240_000);
  await page.goto('/single-photo');
  await addPhotos(page, 0, 1);
  await expectPrice(page, { total: '£0.99', each: null, saving: null });
  await addPhotos(page, 1, 2);
  // Two photos cost £1.99, £1.00 each: no saving against £0.99 each.
  await expectPrice(page, { total: '£1.99', each: '£1.00', saving: null });
  await addPhotos(page, 2, 4);
  await expectPrice(page, { total: '£2.99', each: '£0.75', saving: '£0.97' });
  await addPhotos(page, 4, 10);
  await expectPrice(page, { total: '£4.99', each: '£0.50', saving: '£4.91' });
  await expect(page.getByText(M.largeOrder, { exact: true })).toHaveCount(0);
  await addPhotos(page, 10, 11);
  await expectPrice(page, { total: '£5.39', each: '£0.49', saving: '£5.50' });
  await expect(page.getByRole('note').getByText(M.largeOrder, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'single-photo-eleven');

  await page.getByLabel('Your email').fill('school@example.com');
  await checkoutButton(page).click();
  if (js()) {
    // One request per photo, with the progress said aloud.
    await expect(page.getByRole('status').filter({ hasText: /Adding photo \d+ of 11/ })).toBeVisible();
    await expect(page.getByRole('button', { name: M.creatingOrder })).toBeDisabled();
  }
  await reachCheckout(page);
  const draft = await serverDraft(context, request, clientIp());
  expect(draft.photos).toHaveLength(11);
  expect(draft.price.subtotalPence).toBe(539);
});

test('a level per photo and Apply to all photos reach the server', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  await page.goto('/single-photo');
  if (js()) {
    await chooseFirst(page, photo('grace-hopper.jpg'));
    // A square photo starts on a portrait page.
    await expect(page.getByRole('radio', { name: 'Portrait 3:4' })).toBeChecked();
    await addAnother(page, photo('coffee.png'));
    await page.getByRole('radio', { name: 'Portrait 3:4' }).check();
    await page.getByLabel('Difficulty level of photo 2').selectOption('4');
    await addAnother(page, photo('chelsea.png'));
    // A new photo starts at the level of the one before it.
    await expect(page.getByLabel('Difficulty level of photo 3')).toHaveValue('4');
    await page.getByLabel('Difficulty level of photo 3').selectOption('1');
    await page.getByRole('button', { name: 'Photo 1', exact: true }).click();
    await expect(page.getByLabel('Difficulty level of photo 1')).toHaveValue('2');
    await page.getByRole('button', { name: 'Photo 2', exact: true }).click();
    await page.getByRole('button', { name: 'Apply to all photos' }).click();
    await expect(page.locator('.toaster').getByText('Level 4 applied to all photos.')).toBeAttached();
    await page.getByRole('button', { name: 'Photo 3', exact: true }).click();
    await expect(page.getByLabel('Difficulty level of photo 3')).toHaveValue('4');
    // Then one photo on its own again.
    await page.getByLabel('Difficulty level of photo 3').selectOption('1');
    await expectAccessible(page);
    await screenshots(page, 'single-photo-three');
    await page.getByLabel('Your email').fill('parent@example.com');
    await checkoutButton(page).click();
    await reachCheckout(page);
  } else {
    await addWithoutScript(page, photo('grace-hopper.jpg'), 1);
    await addWithoutScript(page, photo('coffee.png'), 2, { level: 4 });
    await addWithoutScript(page, photo('chelsea.png'), 3, { aspect: 'Landscape 4:3', level: 1 });
    await page.getByLabel('One level for every photo').selectOption('4');
    await page.getByRole('button', { name: 'Apply to all photos' }).click();
    await expect(page.locator('.toaster').getByText('Level 4 applied to all photos.')).toBeAttached();
    for (const n of [1, 2, 3]) await expect(page.getByLabel(`Level of photo ${n}`)).toHaveValue('4');
    await page.getByLabel('Level of photo 3').selectOption('1');
    await page.getByRole('button', { name: 'Update level of photo 3' }).click();
    await expect(page.locator('.toaster').getByText('Photo 3 is now level 1.')).toBeAttached();
    await expect(page.getByLabel('Level of photo 3')).toHaveValue('1');
    await expectAccessible(page);
    await screenshots(page, 'single-photo-three');
    await page.getByLabel('Your email').fill('parent@example.com');
    await checkoutButton(page).click();
    await reachCheckout(page);
  }
  const draft = await serverDraft(context, request, clientIp());
  expect(draft.photos.map(({ number, level, aspect }) => ({ number, level, aspect }))).toEqual([
    { number: 1, level: 4, aspect: 'portrait' },
    { number: 2, level: 4, aspect: 'portrait' },
    { number: 3, level: 1, aspect: 'landscape' },
  ]);
});

test('remove, Add another photo and Upload a different photo move between the steps as SPEC §4 says', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/single-photo');
  if (js()) {
    await chooseFirst(page, photo('chelsea.png'));
    // 'Upload a different photo' with one photo: back to step 1 with none.
    await page.getByRole('button', { name: 'Upload a different photo' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Upload a photo/ })).toBeFocused();
    await expect(page.getByRole('list', { name: 'Your photos' }).getByRole('listitem')).toHaveCount(0);
    await chooseFirst(page, photo('chelsea.png'));
    await addAnother(page, photo('coffee.png'));
    await addAnother(page, photo('grace-hopper.jpg'));
    const strip = page.getByRole('list', { name: 'Your photos' }).getByRole('listitem');
    await expect(strip).toHaveCount(3);
    await expect(page.getByRole('heading', { level: 3, name: 'Photo 3' })).toBeVisible();
    // With more than one, 'Upload a different photo' removes the photo being cropped and stays on step 2.
    await page.getByRole('button', { name: 'Upload a different photo' }).click();
    await expect(strip).toHaveCount(2);
    await expect(customiseHeading(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Photo 2' })).toBeVisible();
    // The strip's remove buttons; removing the last photo returns to step 1.
    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    await expect(strip).toHaveCount(1);
    await expect(customiseHeading(page)).toBeVisible();
    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Upload a photo/ })).toBeFocused();
    await expect(page.getByText(M.uploadAndCrop)).toBeVisible();
    // 'Add another photo' and then no photo chosen: back to the photos from step 1.
    await chooseFirst(page, photo('coffee.png'));
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add another photo' }).click();
    await chooser;
    await expect(page.getByRole('heading', { level: 2, name: /Add another photo/ })).toBeFocused();
    await page.getByRole('button', { name: 'Back to your photos' }).click();
    await expect(customiseHeading(page)).toBeFocused();
    await expect(strip).toHaveCount(1);
  } else {
    await addWithoutScript(page, photo('chelsea.png'), 1);
    await addWithoutScript(page, photo('coffee.png'), 2);
    await expect(page.getByRole('heading', { level: 2, name: 'Add another photo' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    await expect(page.locator('.toaster').getByText('Photo removed.')).toBeAttached();
    await expect(page.getByRole('heading', { level: 2, name: 'Your photos (1)' })).toBeVisible();
    await expectPrice(page, { total: '£0.99', each: null, saving: null });
    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /Your photos/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Upload a photo' })).toBeVisible();
    await expect(page.getByTestId('photo-price-total')).toHaveCount(0);
  }
});

test('a file that is not an image, and one whose size cannot be read, are refused with the photo rules’ words', async ({ page }) => {
  await page.goto('/single-photo');
  const notes = { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('These are not pixels. '.repeat(100)) };
  const broken = {
    name: 'broken.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([photo('chelsea.png').buffer.subarray(0, 8), Buffer.alloc(2000, 7)]),
  };
  for (const [file, message] of [
    [notes, 'Invalid image file. Please upload a valid image.'],
    [broken, 'Could not read image dimensions.'],
  ] as const) {
    if (js()) await expect(page.getByText('Click to choose a photo, or drag it here')).toBeVisible();
    await photoInput(page).setInputFiles(file);
    if (!js()) await page.getByRole('button', { name: 'Add photo' }).click();
    await expect(page.locator('#photo-error')).toHaveText(`Upload Error: ${message}`, { timeout: 30_000 });
    await expect(page.locator('.toaster').getByText(message)).toBeAttached();
    await expect(page).toHaveURL(/\/single-photo$/);
  }
  await expectAccessible(page);
});

test('the order failing says so: Failed to create order, or the API’s own words', async ({ page, request }) => {
  await page.goto('/single-photo');
  const TOO_MANY = 'Too many requests. Please wait a moment and try again.';
  if (js()) {
    await chooseFirst(page, photo('chelsea.png'));
    await page.getByLabel('Your email').fill('parent@example.com');
    // The connection drops while the photo goes up.
    await page.route('**/single-photo/order?step=add', (route) => route.abort('connectionreset'));
    await checkoutButton(page).click();
    await expect(page.locator('.form-error[role="alert"]')).toHaveText(M.createOrderFailed);
    await expect(page.locator('.toaster').getByText(M.createOrderFailed)).toBeAttached();
    await expect(checkoutButton(page)).toHaveText('Continue to checkout');
    await expect(checkoutButton(page)).toBeEnabled();
    await page.unroute('**/single-photo/order?step=add');
    // The API's words for an email it refuses (the domain's rule, checked again on the server).
    await page.route('**/single-photo/order?step=start', async (route) => {
      const body = route.request().postDataBuffer()?.toString('utf8') ?? '';
      await route.continue({ postData: body.replace('parent@example.com', 'kid@mailinator.com') });
    });
    await checkoutButton(page).click();
    await expect(page.locator('.form-error[role="alert"]')).toHaveText('Please use a permanent email address');
    await page.unroute('**/single-photo/order?step=start');
  }
  // The API refusing the photo for too many requests from this address: its words, inline and as a toast.
  await exhaustRateLimit(request, clientIp(), 'POST', '/api/single-photo/photos');
  if (js()) {
    await checkoutButton(page).click();
    await expect(page.locator('.form-error[role="alert"]')).toHaveText(TOO_MANY);
  } else {
    await photoInput(page).setInputFiles(photo('chelsea.png'));
    await page.getByRole('button', { name: 'Add photo' }).click();
    await expect(page.locator('#photo-error')).toHaveText(`Upload Error: ${TOO_MANY}`);
    await expect(page.getByRole('heading', { level: 2, name: /Your photos/ })).toHaveCount(0);
  }
  await expect(page.locator('.toaster').getByText(TOO_MANY).last()).toBeAttached();
  await expect(page).toHaveURL(/\/single-photo$/);
  await expectAccessible(page);
});

test('more than 50 photos are refused with the limit’s message', async ({ page }) => {
  test.skip(!js(), 'with JavaScript the page counts its photos; without, the API refuses the 51st (backend test)');
  test.setTimeout(180_000);
  await page.goto('/single-photo');
  await chooseFirst(page, photo('chelsea.png'));
  for (let n = 2; n <= 50; n += 1) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add another photo' }).click();
    await (await chooser).setFiles(nthPhoto(n));
    await expect(page.getByRole('heading', { level: 3, name: `Photo ${n}` })).toBeVisible();
  }
  await expect(page.getByRole('list', { name: 'Your photos' }).getByRole('listitem')).toHaveCount(50);
  await expect(page.getByRole('button', { name: 'Add another photo' })).toBeDisabled();
  await expect(page.getByText(M.tooManyPhotos)).toBeVisible();
  // A 51st chosen anyway (the file input is still there) is refused with the limit's words, in a toast.
  await page.locator('#photo').setInputFiles(nthPhoto(51));
  await expect(page.locator('.toaster').getByText(M.tooManyPhotos)).toBeAttached();
  await expect(page.getByRole('list', { name: 'Your photos' }).getByRole('listitem')).toHaveCount(50);
});
