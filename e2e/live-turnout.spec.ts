import { expect, test } from '@playwright/test';
import { ballotBody } from './support/booth.ts';
import { client, electionThroughApi, ok } from './support/election-api.ts';

test('the results page shows each ballot in the turnout as it is cast, without reloading', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const { electionId, voters } = await electionThroughApi({ voters: 2, opensInMs: 15_000 });
  await page.goto(`/hasil/${electionId}`);
  await expect(page.getByText(/Hasil belum tersedia/)).toBeVisible();
  await expect(page.getByText('0 dari 2 pemilih (0%)')).toBeVisible();

  // A voter casts through the API once the polls open; the page (no reload, the next refetch
  // only at the close an hour away) shows it within moments.
  const voter = await client();
  await ok(
    voter.post('/api/auth/sign-in/email', {
      data: { email: voters[0]!.email, password: voters[0]!.password },
    }),
  );
  const ballot = await ok<{ candidates: { id: string }[]; me: { canVote: boolean } }>(
    voter.get(`/api/voting/${electionId}`),
  );
  await expect(async () => {
    const state = await ok<{ me: { canVote: boolean } }>(voter.get(`/api/voting/${electionId}`));
    expect(state.me.canVote).toBe(true);
  }).toPass({ timeout: 40_000, intervals: [1000] });
  const data = await ballotBody(voter, electionId, ballot.candidates[0]!.id, voters[0]!.email);
  await ok(voter.post(`/api/voting/${electionId}/cast`, { data }), 201);
  await expect(page.getByText('1 dari 2 pemilih (50%)')).toBeVisible({ timeout: 5000 });
  // Participation only: no count per candidate appears.
  expect(await page.locator('main').textContent()).not.toMatch(/suara \(/);
  await page.screenshot({ path: info.outputPath('live-turnout.png'), fullPage: true });
  await voter.dispose();
});
