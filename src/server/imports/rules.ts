import type { WriteRules } from '../rules/types';

/** Imports are made by importing a file and undone by their endpoint: never written through the API. */
export const importRules: WriteRules<'imports'> = {
    refused: {
        create: 'Import a file with POST /api/imports/customers',
        update: 'An import is never edited: undo it with POST /api/imports/:id/undo',
        delete: 'An import is kept as the account of what it did: undo it with POST /api/imports/:id/undo',
    },
};
