/*
 * Saving CSV in the browser: what the lists' exports, the journal and the teacher pay table download.
 * The text itself is made by src/domain/csv.ts.
 */

/** Saves CSV with a byte-order mark, so that spreadsheet programs read the Cyrillic right. */
export const download = (name: string, text: string) => {
    const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.click();
    URL.revokeObjectURL(url);
};
