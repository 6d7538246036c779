/**
 * Review with notes (issue 37, docs/roles.md): an editor, given the role by an admin, requests changes
 * with a note from their dashboard's All Articles; the writer reads the note in My Articles, edits and
 * resubmits; the editor approves. One page per person, no fixed waits.
 */
import { describe, expect, it } from 'vitest';
import { apiUrl, DEMO, goto, sharedBrowser } from './harness';
import {
  adminArticleRow,
  apiToken,
  expectSwal,
  freshUser,
  myArticleRow,
  postArticle,
  swalDialog,
  uniqueTitle,
} from './writer-admin-fixtures';

const browser = sharedBrowser();

/** Gives an existing user the editor role through the API, as the demo admin (test setup only). */
async function makeEditor(email: string): Promise<void> {
  const auth = { authorization: `Bearer ${await apiToken(DEMO.admin)}` };
  const user = await fetch(`${apiUrl}/users/${encodeURIComponent(email)}`, { headers: auth });
  const { _id } = (await user.json()) as { _id: string };
  const res = await fetch(`${apiUrl}/make-editor/${_id}`, { method: 'PATCH', headers: auth });
  if (!res.ok) throw new Error(`PATCH /make-editor failed: ${res.status}`);
}

describe('review with notes', () => {
  it('an editor requests changes; the writer reads the note, edits and resubmits; the editor approves', async () => {
    const title = uniqueTitle('Quay wall repairs start in March');
    const note = 'Add what the council answered, and the cost.';
    const [writer, editor] = await Promise.all([
      freshUser(browser(), 'editorial-writer'),
      freshUser(browser(), 'editorial-editor'),
    ]);
    try {
      await Promise.all([postArticle(writer.page, { title }), makeEditor(editor.account.email)]);

      // The editor's dashboard shows the moderation table (and none of the admin area).
      const { page } = editor;
      await goto(page, '/user-dashboard');
      const menu = page.getByRole('navigation', { name: 'Dashboard' });
      await menu.getByRole('link', { name: 'All Articles' }).click();
      await page.waitForURL('**/user-dashboard/moderation');
      const row = adminArticleRow(page, title);
      await row.getByRole('button', { name: `Request changes: ${title}` }).click();
      await swalDialog(page).locator('textarea').fill(note);
      await swalDialog(page).locator('.swal2-confirm').click();
      await expectSwal(page, 'Changes requested');
      expect(await row.getByRole('button', { name: `Delete: ${title}` }).count()).toBe(0);

      // The writer sees it in My Articles with the note (live, without a reload), edits and resubmits.
      const mine = myArticleRow(writer.page, title);
      await mine.getByText('Changes requested', { exact: true }).waitFor();
      await expect.poll(() => mine.getByTestId('review-note').textContent()).toContain(note);
      await mine.getByRole('button', { name: `Update ${title}` }).click();
      const dialog = writer.page.getByRole('dialog', { name: 'Update Article' });
      await dialog.getByLabel('Description').fill('The council answered on Monday: £2.4m, paid by the port.');
      await dialog.getByRole('button', { name: 'Update', exact: true }).click();
      await expectSwal(writer.page, 'Updated');
      await mine.getByText('Pending', { exact: true }).waitFor();
      expect(await mine.getByTestId('review-note').count()).toBe(0);

      // Back in the editor's queue (live): approved; the writer's row follows.
      await row.getByRole('button', { name: `Approve: ${title}` }).click();
      await expectSwal(page, 'Approved');
      await mine.getByText('Approved', { exact: true }).waitFor();
    } finally {
      await Promise.all([writer.context.close(), editor.context.close()]);
    }
  });
});
