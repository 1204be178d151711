import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { exhaustRateLimit, expectAccessible, fixturePhoto as photo, jsEnabled, uniqueClientIp } from './support';

// The shared sample photos (see fixtures/photos/README.md); the backend's tests read the same folder.

const SESSION_COOKIE = 'colouring_session';
const NO_FACE = /We couldn't find a face in this photo\./;

let clientIp = '';
test.beforeEach(async ({ context }, testInfo) => {
  clientIp = uniqueClientIp(testInfo);
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp });
});

/** The file input, found by its label both ways (the wording differs with and without JavaScript). */
function photoInput(page: Page) {
  return page.getByLabel(/choose a photo/i);
}

type PhotoFile = { name: string; mimeType: string; buffer: Buffer };

async function choosePhoto(page: Page, file: PhotoFile, { passesBrowserCheck = true } = {}) {
  // With JavaScript, wait until the page has taken over the drop zone (its wording changes).
  if (jsEnabled(test.info())) await expect(page.getByText('Click to choose a photo, or drag it here')).toBeVisible();
  await photoInput(page).setInputFiles(file);
  if (passesBrowserCheck && jsEnabled(test.info())) {
    // The browser checks the photo, then moves to step 2 with the crop.
    await expect(page.getByRole('heading', { level: 2, name: /Highlight your child/ })).toBeFocused();
  }
}

/** A session made straight through the API, as the create form would (its photo check waits for the portrait). */
async function createSession(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/sessions', {
    headers: { 'x-forwarded-for': clientIp },
    multipart: { photo: photo('astronaut.png'), childName: 'Lily', email: 'parent@example.com' },
    timeout: 75_000,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { magicCode: string }).magicCode;
}

/** Restores a session in this browser through /continue/{code}, as the link in the email does. */
async function restore(page: Page, code: string) {
  await page.goto(`/continue/${code}`);
  if (!jsEnabled(test.info())) await page.getByRole('button', { name: 'Continue where I left off' }).click();
  await page.waitForURL((url) => url.pathname === '/preview');
}

test.describe('create', () => {
  test('a photo, a name and an email start a session and lead to scene selection', async ({ page, context }) => {
    test.setTimeout(90_000);
    const response = await page.goto('/create');
    expect(response?.headers()['cache-control']).toBe('private, no-store, no-secret');
    // Title and SEO text name the simple 2-step process.
    await expect(page).toHaveTitle(/in 2 simple steps/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /A simple 2-step process/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create your colouring pages' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Create');
    await expect(page.getByRole('link', { name: 'Back to Products' })).toHaveAttribute('href', '/products');
    await expect(page.getByText('Max 5MB • JPEG, PNG, WebP only')).toBeVisible();
    // The two steps, the security note and the photo tips (SPEC's do's and don'ts).
    await expect(page.getByRole('navigation', { name: 'Progress' }).getByRole('listitem')).toContainText([
      'Upload a photo',
      'Highlight your child',
    ]);
    await expect(page.getByText('Your photo is safe with us.')).toBeVisible();
    const tips = page.getByRole('region', { name: 'Tips for the best pages' });
    await expect(tips.getByRole('heading', { level: 4 })).toHaveText(['Do', "Don't"]);
    await expect(tips.getByRole('listitem')).toHaveText([
      'A clear, front-facing photo',
      'Only one child in the picture',
      'A well-lit image with the full face visible',
      'Blurry photos',
      'Hats, masks or filters covering the face',
      'Group or cluttered images',
    ]);

    await choosePhoto(page, photo('astronaut.png'));
    const submit = page.getByRole('button', { name: 'Continue to Scene Selection' });
    if (jsEnabled(test.info())) {
      await expect(page.getByLabel('Zoom')).toHaveAttribute('max', '3');
      await expect(page.getByLabel('Zoom')).toHaveAttribute('step', '0.1');
      await expect(submit).toBeDisabled();
      // 'Upload a different photo' goes back to step 1; the next photo comes back to step 2.
      await page.getByRole('button', { name: 'Upload a different photo' }).click();
      await expect(page.getByRole('heading', { level: 2, name: /Upload a photo of your child/ })).toBeFocused();
      await choosePhoto(page, photo('astronaut.png'));
    }
    await expect(page.getByLabel('Child’s name')).toHaveAttribute('placeholder', 'E.g. Lily');
    await expect(page.getByLabel('Child’s name')).toHaveAttribute('maxlength', '50');
    await page.getByLabel('Child’s name').fill('Lily');
    await page.getByLabel('Your email').fill('parent@example.com');
    await expect(page.getByText("We'll send your colouring pages here. No spam, ever.")).toBeVisible();
    await submit.click();
    // While the API checks the photo the button says what is happening (a plain form post without JavaScript).
    if (jsEnabled(test.info())) await expect(page.getByRole('button', { name: 'Creating secure session…' })).toBeDisabled();

    await page.waitForURL((url) => url.pathname === '/choose-scenes', { timeout: 75_000 });
    const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
  });

  test('a file that is not an image is refused with the photo rule’s message', async ({ page }) => {
    await page.goto('/create');
    const notes = { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('These are not pixels. '.repeat(100)) };
    await choosePhoto(page, notes, { passesBrowserCheck: false });
    if (!jsEnabled(test.info())) {
      await page.getByLabel('Child’s name').fill('Lily');
      await page.getByLabel('Your email').fill('parent@example.com');
      await page.getByRole('button', { name: 'Continue to Scene Selection' }).click();
    }
    const message = 'Invalid image file. Please upload a valid image.';
    await expect(page.locator('#photo-error')).toHaveText(`Upload Error: ${message}`);
    await expect(page.getByRole('alert').filter({ hasText: message }).first()).toBeVisible();
    // The same message as a toast.
    await expect(page.locator('.toaster').getByText(message)).toBeAttached();
    await expect(page).toHaveURL(/\/create$/);
    await expectAccessible(page);
  });

  test('a PNG whose size cannot be read is refused with "Could not read image dimensions."', async ({ page }) => {
    await page.goto('/create');
    const broken = {
      name: 'broken.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([photo('astronaut.png').buffer.subarray(0, 8), Buffer.alloc(2000, 7)]),
    };
    // With JavaScript the browser finds out; without, the server does.
    await choosePhoto(page, broken, { passesBrowserCheck: false });
    if (!jsEnabled(test.info())) {
      await page.getByLabel('Child’s name').fill('Lily');
      await page.getByLabel('Your email').fill('parent@example.com');
      await page.getByRole('button', { name: 'Continue to Scene Selection' }).click();
    }
    await expect(page.locator('#photo-error')).toHaveText('Upload Error: Could not read image dimensions.');
    await expect(page).toHaveURL(/\/create$/);
  });

  test('too many sessions from one address are refused with "Too many requests. Please wait a moment and try again."', async ({
    page,
    request,
  }) => {
    await page.goto('/create');
    await exhaustRateLimit(request, clientIp, 'POST', '/api/sessions');
    await choosePhoto(page, photo('astronaut.png'));
    await page.getByLabel('Child’s name').fill('Lily');
    await page.getByLabel('Your email').fill('parent@example.com');
    await page.getByRole('button', { name: 'Continue to Scene Selection' }).click();
    await expect(page.locator('.form-error[role="alert"]')).toHaveText('Too many requests. Please wait a moment and try again.');
    await expect(page.locator('.toaster').getByText('Too many requests. Please wait a moment and try again.')).toBeAttached();
    await expect(page).toHaveURL(/\/create$/);
  });

  test('a photo without a person is refused by the server with its message', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/create');
    await choosePhoto(page, photo('coffee.png'));
    await page.getByLabel('Child’s name').fill('Lily');
    await page.getByLabel('Your email').fill('parent@example.com');
    await page.getByRole('button', { name: 'Continue to Scene Selection' }).click();
    await expect(page.locator('#photo-error')).toContainText(NO_FACE, { timeout: 75_000 });
    await expect(page.locator('#photo-error')).toContainText('Upload Error:');
    await expect(page).toHaveURL(/\/create$/);
    if (jsEnabled(test.info())) {
      // Back on step 1 to choose another photo.
      await expect(page.getByRole('heading', { level: 2, name: /Upload a photo of your child/ })).toBeFocused();
    }
  });

  test('the child’s name and email are checked with the domain’s messages', async ({ page }) => {
    await page.goto('/create');
    await choosePhoto(page, photo('astronaut.png'));
    await page.getByLabel('Child’s name').fill('R2D2');
    if (jsEnabled(test.info())) {
      // Checked live in the browser; the button waits until everything is valid.
      await page.getByLabel('Your email').fill('parent@example');
      await expect(page.getByLabel('Your email')).toHaveAccessibleDescription(/Please enter a valid email address/);
      await expect(page.getByLabel('Child’s name')).toHaveAccessibleDescription(
        'Child name can only contain letters, spaces, hyphens, and apostrophes',
      );
      await expect(page.getByRole('button', { name: 'Continue to Scene Selection' })).toBeDisabled();
      await expect(page.getByText('Please complete all required fields')).toBeVisible();
      await page.getByLabel('Child’s name').fill('Lily');
      await expect(page.getByLabel('Child’s name')).not.toHaveAttribute('aria-invalid', 'true');
      await page.getByLabel('Your email').fill('kid@mailinator.com');
      await expect(page.getByLabel('Your email')).toHaveAccessibleDescription(/Please use a permanent email address/);
      await expectAccessible(page);
    } else {
      // Without JavaScript the server checks them (these pass the browser's own checks).
      await page.getByLabel('Your email').fill('kid@mailinator.com');
      await page.getByRole('button', { name: 'Continue to Scene Selection' }).click();
      await expect(page.getByRole('heading', { name: 'There’s a problem' })).toBeVisible();
      await expect(page.getByLabel('Child’s name')).toHaveAccessibleDescription(
        'Child name can only contain letters, spaces, hyphens, and apostrophes',
      );
      await expect(page.getByLabel('Your email')).toHaveAccessibleDescription(/Please use a permanent email address/);
      await expect(page.getByLabel('Your email')).toHaveValue('kid@mailinator.com');
      await expectAccessible(page);
    }
  });
});

test.describe('preview', () => {
  test('without a session it sends the parent to /create', async ({ page }) => {
    await page.goto('/preview');
    await expect(page).toHaveURL(/\/create$/);
  });

  test('a restored session shows the child’s watermarked preview and the way on', async ({ page, request }) => {
    test.setTimeout(90_000);
    // The loading text shows for 1.5 s by CSS alone; the page's animations are held still to read it, then let go.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Animation.enable');
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
    await restore(page, await createSession(request));
    await expect(page.getByText('Generating your cartoon preview…')).toBeVisible();
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
    await expect(page.getByRole('heading', { level: 1, name: "Here's Your Cartoon Preview!" })).toBeVisible();
    await expect(page.getByText('Generating your cartoon preview…')).toBeHidden();
    const image = page.getByRole('img', { name: /Lily’s colouring page as a cartoon, marked PREVIEW ONLY/ });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByText("This is just a sneak peek. Once you choose scenes and pay, we'll generate the full book!")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Choose Scenes' })).toHaveAttribute('href', '/choose-scenes');
    await expect(page.getByText('Failed to send preview email.')).toHaveCount(0);

    const png = await page.request.get('/preview.png');
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    expect(png.headers()['cache-control']).toBe('private, no-store');
    await expectAccessible(page);
  });
});

test.describe('preview email', () => {
  test('a preview email the API will not send says "Failed to send preview email."', async ({ page, request }) => {
    test.setTimeout(90_000);
    const code = await createSession(request);
    // The API refuses to queue this parent's email (its rate limit), as it does when the mail queue is down.
    await exhaustRateLimit(request, clientIp, 'POST', '/api/sessions/current/preview-email');
    await restore(page, code);
    await expect(page.getByRole('heading', { level: 1, name: "Here's Your Cartoon Preview!" })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('Failed to send preview email.');
    await expect(page.getByRole('link', { name: 'Choose Scenes' })).toBeVisible();
  });
});

test.describe('restore, thank-you and download', () => {
  test.describe.configure({ timeout: 60_000 });

  test('an unknown or malformed code says the session was not found', async ({ page }) => {
    const malformed = await page.goto('/continue/not-a-real-code');
    expect(malformed?.status()).toBe(404);
    await expect(page.getByRole('alert')).toContainText('Session not found or expired.');

    await page.goto(`/continue/${'0'.repeat(64)}`);
    if (!jsEnabled(test.info())) {
      await expect(page.getByRole('heading', { name: 'Restoring your session…' })).toBeVisible();
      await page.getByRole('button', { name: 'Continue where I left off' }).click();
    }
    await expect(page.getByRole('alert')).toContainText('Session not found or expired.');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the thank-you page without a session says the session ID is missing', async ({ page }) => {
    const response = await page.goto('/thank-you');
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('alert')).toHaveText('Missing session ID');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await expectAccessible(page);
  });

  test('an unpaid session on the thank-you page waits for the payment and polls', async ({ page, request }) => {
    test.setTimeout(90_000);
    await restore(page, await createSession(request));
    await page.goto('/thank-you?session_id=cs_test_123');
    await expect(page.getByText('Confirming your payment…')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Your colouring book' })).toBeVisible();
    if (!jsEnabled(test.info())) {
      expect(await page.locator('head noscript').innerHTML()).toContain(
        'http-equiv="refresh" content="5;url=/thank-you?session_id=cs_test_123"',
      );
    }
  });

  test('a download link with a bad code answers a 404 page', async ({ page }) => {
    const malformed = await page.goto('/download/nope');
    expect(malformed?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This download isn’t available' })).toBeVisible();
    const unknown = await page.goto(`/download/${'a'.repeat(64)}`);
    expect(unknown?.status()).toBe(404);
    expect(unknown?.headers()['cache-control']).toBe('private, no-store');
  });
});
