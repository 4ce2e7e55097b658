import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { seriousViolations } from '../support/axe.ts';
import { addStaff, signIn, submitApplication } from '../support/workspace.ts';

test.use({ bypassCSP: true });

/** A downloaded workbook's sheet, with its cells by key for one row. */
async function readWorkbook(path: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.getWorksheet('Applications');
  const keys = (sheet?.getRow(2).values as string[]).slice(1);
  const rows = [];
  for (let number = 3; number <= (sheet?.rowCount ?? 0); number += 1) {
    const row = sheet?.getRow(number);
    rows.push(
      Object.fromEntries(
        keys.map((key, index) => [key, row?.getCell(index + 1).value]),
      ),
    );
  }
  return rows;
}

test('downloads the view on screen, and the applications selected, as an Excel workbook', async ({
  page,
}) => {
  const email = addStaff('reviewer');
  const name = await submitApplication(page);
  const lastName = name.split(' ')[1] ?? '';
  await signIn(page, email);
  await page.getByLabel('Search by name or e-mail').fill(lastName);
  await page.getByText('Export', { exact: true }).click();
  const excel = page.getByRole('link', { name: 'Export this view (Excel)' });
  await expect(excel).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await excel.click();
  expect((await download).suggestedFilename()).toMatch(
    /^applications-\d{4}-\d\d-\d\d\.xlsx$/,
  );
  const rows = await readWorkbook(await (await download).path());
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    'personalInfo.lastName': lastName,
    'personalInfo.phone': '+44 7700 900123',
    'review.stage': 'New',
    'review.decisionEmail': 'Not sent',
  });
  expect(rows[0]?.['receivedAt']).toBeInstanceOf(Date);

  await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  const selected = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export selected (Excel)' }).click();
  await expect(page.getByText('Exported 1 application (Excel).')).toBeVisible();
  const chosen = await readWorkbook(await (await selected).path());
  expect(chosen.map((row) => row['personalInfo.lastName'])).toEqual([lastName]);
});
