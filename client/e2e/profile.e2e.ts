/**
 * Profiles and the user dashboard (issue 3): the role label of each kind of user, 'N/A' for empty fields,
 * the 'Update Profile' dialog round trip (Change Image / Cancel, spinner, 'Updated'), the user dashboard's
 * side menu and statistics — with axe in both themes and screenshots at desktop and 360 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkScreenAtBothSizes,
  expectDialogAccessibleInBothThemes,
  expectNoSeriousA11yViolations,
  goto,
  screenshot,
  setTheme,
  sharedBrowser,
} from './harness';
import {
  demoSession,
  expectSwal,
  freshAdmin,
  freshUser,
  pngFile,
  postArticle,
  uniqueTitle,
  type Session,
} from './writer-admin-fixtures';

const browser = sharedBrowser();

/** The value shown for a profile field. */
function field(page: Page, term: string) {
  return page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: term }) })
    .locator('dd');
}

describe('profile', () => {
  let user: Session;

  afterAll(async () => {
    await user?.context.close();
  });

  it('a new user: Normal User, empty fields read N/A; the user dashboard highlights the current item', async () => {
    user = await freshUser(browser(), 'profile');
    const { page } = user;
    await goto(page, '/user-dashboard/my-profile');
    await expect.poll(() => page.title()).toBe('My Profile | Newsroom');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    expect(await menu.getByRole('link', { name: 'My Profile' }).getAttribute('aria-current')).toBe('page');
    expect(await menu.getByRole('link', { name: 'Statistics' }).getAttribute('aria-current')).toBeNull();

    await expect.poll(() => page.getByTestId('role-label').textContent()).toBe('Normal User');
    expect(await field(page, 'Full name').textContent()).toBe('E2E Reader');
    expect(await field(page, 'Email').textContent()).toBe(user.account.email);
    for (const term of ['Phone', 'Address', 'Date of birth', 'Gender']) {
      expect(await field(page, term).textContent(), term).toBe('N/A');
    }
    await checkScreenAtBothSizes(page, 'user-profile', () => page.getByTestId('role-label').waitFor());
  });

  it('Edit Profile: the Update Profile dialog round-trips every field and the photo', async () => {
    const { page } = user;
    const dialog = page.getByRole('dialog', { name: 'Update Profile' });

    // The dialog in both themes (the theme is switched while it is closed: the page behind is inert).
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await dialog.waitFor();
      await expectNoSeriousA11yViolations(page, `update-profile dialog (${theme})`, {
        coloursOnly: theme === 'dark',
      });
      await screenshot(page, `update-profile-dialog-desktop-${theme}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    await setTheme(page, 'light');

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await dialog.waitFor();
    // Email is read-only.
    expect(await dialog.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    // Change Image shows a file input with Cancel; Cancel goes back.
    await dialog.getByRole('button', { name: 'Change Image' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
    // Focus follows the toggle, so keyboard users land on the file input.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('file');
    await dialog.getByText('Choose A Photo').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Change Image' }).click();
    await dialog.getByLabel('New photo').setInputFiles(pngFile('portrait.png', [190, 24, 93]));
    await dialog.getByText('portrait.png').waitFor();

    await dialog.getByLabel('Full name').fill('Rosa Delgado');
    await dialog.getByLabel('Phone').fill('5550123');
    await dialog.getByLabel('Address').fill('7 Quay Street, Galway');
    await dialog.getByLabel('Date of birth').fill('1991-05-17');
    await dialog.getByLabel('Gender').selectOption('female');
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    // While submitting every button is disabled (once the Updated dialog opens, the page behind is
    // hidden from roles: each look waits briefly, not Playwright's 30 s, and counts that as done).
    await expect
      .poll(() =>
        dialog
          .getByRole('button', { name: 'Close', exact: true })
          .isDisabled({ timeout: 200 })
          .catch(() => true),
      )
      .toBe(true);
    await expectSwal(page, 'Updated', 'Your article has been Updataed', 'none');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expectDialogAccessibleInBothThemes(page, 'profile-updated');
    await page.locator('.swal2-confirm').click();
    await page.locator('.swal2-container').waitFor({ state: 'detached' });

    const expectSaved = async () => {
      await expect.poll(() => field(page, 'Full name').textContent()).toBe('Rosa Delgado');
      expect(await field(page, 'Phone').textContent()).toBe('5550123');
      expect(await field(page, 'Address').textContent()).toBe('7 Quay Street, Galway');
      expect(await field(page, 'Date of birth').textContent()).toBe('17 May 1991');
      expect(await field(page, 'Gender').textContent()).toBe('Female');
      expect(await page.getByRole('heading', { name: 'Rosa Delgado' }).count()).toBe(1);
      await expect
        .poll(() => page.locator('article img[alt="Rosa Delgado"]').first().getAttribute('src'))
        .toMatch(/\/uploads\/[0-9a-f]{32}--\d+x\d+\.(png|jpg)$/);
    };
    await expectSaved();
    // Stored on the server: a reload shows the same.
    await page.reload();
    await expectSaved();
    // The session follows: the navbar avatar shows the new photo.
    await expect
      .poll(() => page.getByTestId('avatar-button').locator('img').getAttribute('src'))
      .toMatch(/\/uploads\/[0-9a-f]{32}--\d+x\d+\.(png|jpg)$/);

    // A phone that is not numeric is refused by the form (nothing is sent, the dialog stays open).
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await dialog.getByLabel('Phone').fill('call me');
    await dialog.getByRole('button', { name: 'Update', exact: true }).click();
    expect(await dialog.getByLabel('Phone').getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await field(page, 'Phone').textContent()).toBe('5550123');
  });

  it('user dashboard statistics: own articles by status, views and the plan', async () => {
    const { page } = user;
    const title = uniqueTitle('Market stalls return to the harbour square');
    await postArticle(page, { title, tags: ['food', 'culture'] });
    await goto(page, '/user-dashboard');
    await expect.poll(() => page.title()).toBe('Statistics | Newsroom');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    expect(await menu.getByRole('link', { name: 'Statistics' }).getAttribute('aria-current')).toBe('page');
    const stat = (label: string) =>
      page
        .locator('.card')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('p')
        .nth(1);
    await expect.poll(() => stat('Articles').textContent()).toBe('1');
    expect(await stat('Pending').textContent()).toBe('1');
    expect(await stat('Approved').textContent()).toBe('0');
    expect(await stat('Declined').textContent()).toBe('0');
    expect(await stat('Total views').textContent()).toBe('0');
    expect(await stat('Plan').textContent()).toBe('Free');
    await page.getByRole('heading', { name: 'Articles by status' }).waitFor();
    await page.getByRole('heading', { name: 'Views per article' }).waitFor();
    await checkScreenAtBothSizes(
      page,
      'user-statistics',
      () => page.locator('.recharts-pie-sector').first().waitFor(),
      1500,
    );
  });
});

describe('role labels', () => {
  it("an admin's profile says Admin (admin dashboard my-profile)", async () => {
    const admin = await freshAdmin(browser());
    try {
      await goto(admin.page, '/dashboard/my-profile');
      await expect.poll(() => admin.page.getByTestId('role-label').textContent()).toBe('Admin');
      await checkScreenAtBothSizes(admin.page, 'admin-profile', () =>
        admin.page.getByTestId('role-label').waitFor(),
      );
    } finally {
      await admin.context.close();
    }
  });

  it("a premium subscriber's profile says Premium User and the statistics show the end date", async () => {
    const premium = await demoSession(browser(), 'premium');
    try {
      await goto(premium.page, '/user-dashboard/my-profile');
      await expect.poll(() => premium.page.getByTestId('role-label').textContent()).toBe('Premium User');
      await goto(premium.page, '/user-dashboard');
      const plan = premium.page
        .locator('.card')
        .filter({ has: premium.page.getByText('Plan', { exact: true }) });
      await expect.poll(() => plan.locator('p').nth(1).textContent()).toBe('Premium');
      expect(await plan.locator('p').nth(2).textContent()).toMatch(/^Premium until \d{1,2} \w+ \d{4}/);
    } finally {
      await premium.context.close();
    }
  });
});
