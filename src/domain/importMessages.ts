/*
 * The texts of the messages a customers' import gives (src/domain/imports.ts, src/server/imports/readCsv.ts),
 * in English and Russian, nested as the app's catalogues are, to be merged into them.
 */

/** The same keys with any text: what the Russian texts must have. */
type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

const en = {
    app: {
        import: {
            unreadable: 'Line %{line} of the file cannot be read as CSV: check its quotes',
            unknown_status: 'The studio has no customer status of this name',
            unknown_plan: 'The studio has no plan of this name',
            pass_dropped: {
                ended: 'The pass has ended: it is not carried over',
                used_up: 'The pass has no visits left: it is not carried over',
            },
        },
    },
};

const ru: Texts<typeof en> = {
    app: {
        import: {
            unreadable: 'Строку %{line} файла не удаётся прочитать как CSV: проверьте кавычки',
            unknown_status: 'В студии нет статуса клиента с таким названием',
            unknown_plan: 'В студии нет абонемента с таким названием',
            pass_dropped: {
                ended: 'Абонемент закончился: он не переносится',
                used_up: 'В абонементе не осталось занятий: он не переносится',
            },
        },
    },
};

/** The import's messages by language. */
export const importMessages = { en, ru };
