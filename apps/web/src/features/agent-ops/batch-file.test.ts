import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { readBatchFile } from './batch-file'

// Batch files as users make them: CSV with quoted commas, and an Excel workbook (written here as
// the minimal .xlsx a spreadsheet saves: a zip of the workbook, its sheet and shared strings,
// with a phone number typed as a number, which Excel stores without its plus sign).

const buffer = (text: string) => strToU8(text).buffer as ArrayBuffer

/** A one-sheet .xlsx whose cells are strings (shared) or numbers. */
function workbook(rows: Array<Array<string | number>>): ArrayBuffer {
  const strings: string[] = []
  const column = (i: number) => String.fromCharCode(65 + i)
  const sheetRows = rows
    .map((row, r) => {
      const cells = row.map((value, c) => {
        const ref = `${column(c)}${r + 1}`
        if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`
        strings.push(value)
        return `<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`
      })
      return `<row r="${r + 1}">${cells.join('')}</row>`
    })
    .join('')
  const ns = 'http://schemas.openxmlformats.org'
  const files = {
    '[Content_Types].xml': `<?xml version="1.0"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Calls" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${ns}/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
    'xl/sharedStrings.xml': `<?xml version="1.0"?><sst xmlns="${ns}/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`,
  }
  const zipped = zipSync(
    Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])),
  )
  return zipped.buffer.slice(zipped.byteOffset, zipped.byteOffset + zipped.byteLength) as ArrayBuffer
}

describe('batch files', () => {
  it('reads CSV with quoted commas and overrides', async () => {
    const csv = 'Phone_Number,first_message,notes\n+15550001111,"Hi, Sam!",vip\n\n+15550002222,,\n'
    expect(await readBatchFile('calls.CSV', buffer(csv))).toEqual({
      ok: true,
      recipients: [
        {
          phone_number: '+15550001111',
          conversation_initiation_client_data: {
            conversation_config_override: { agent: { first_message: 'Hi, Sam!' } },
          },
        },
        { phone_number: '+15550002222' },
      ],
    })
  })

  it('reads the first sheet of an Excel workbook, giving numbers typed as phone numbers their plus', async () => {
    const xlsx = workbook([
      ['phone_number', 'language', 'voice_id'],
      [15550003333, 'es', 'voice-1'],
      ['+15550004444', '', ''],
    ])
    expect(await readBatchFile('calls.xlsx', xlsx)).toEqual({
      ok: true,
      recipients: [
        {
          phone_number: '+15550003333',
          conversation_initiation_client_data: {
            conversation_config_override: { agent: { language: 'es' }, tts: { voice_id: 'voice-1' } },
          },
        },
        { phone_number: '+15550004444' },
      ],
    })
  })

  it('refuses a missing column, an empty list, another type and a broken workbook', async () => {
    expect(await readBatchFile('a.csv', buffer('name\nSam\n'))).toEqual({ ok: false, reason: 'column' })
    expect(await readBatchFile('a.xlsx', workbook([['phone_number']]))).toEqual({
      ok: false,
      reason: 'empty',
    })
    expect(await readBatchFile('a.xls', buffer('phone_number\n+1555\n'))).toEqual({
      ok: false,
      reason: 'type',
    })
    expect(await readBatchFile('a.xlsx', buffer('phone_number\n+1555\n'))).toEqual({
      ok: false,
      reason: 'unreadable',
    })
  })
})
