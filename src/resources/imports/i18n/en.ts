/** Importing customers from another system's CSV file (src/domain/imports.ts, src/server/imports). */
export const messages = {
    resources: {
        imports: {
            name: 'Import |||| Imports',
            fields: {
                id: 'Import',
                createdAt: 'Imported at',
                fileName: 'File',
                createdBy: 'Imported by',
                createdByName: 'Imported by',
                counts: 'Rows',
                errors: 'Errors',
                created: 'Created',
                updated: 'Updated',
                undoneAt: 'Undone at',
                undoneBy: 'Undone by',
            },
        },
    },
    app: {
        collections: { imports: '%{smart_count} import |||| %{smart_count} imports' },
        import: {
            unreadable: 'Line %{line} of the file cannot be read as CSV: check its quotes',
            unknown_status: 'The studio has no customer status of this name',
            unknown_plan: 'The studio has no plan of this name',
            pass_dropped: {
                ended: 'The pass has ended: it is not carried over',
                used_up: 'The pass has no visits left: it is not carried over',
            },
            empty: 'The file has no rows to import',
            bad_mapping: 'The columns chosen name a field the import does not know',
            duplicate_row: 'The same person as line %{line} of the file',
            two_customers: 'Matches two customers (by phone and by e-mail): %{names}',
            undo_used: '%{name} was used since the import (a booking, a mark, a payment): the import cannot be undone',
            undo_changed: '%{name} was changed since the import: the import cannot be undone',
            undone_already: 'This import was undone already',
        },
    },
};
