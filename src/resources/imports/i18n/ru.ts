/** Импорт клиентов из CSV-файла другой системы (src/domain/imports.ts, src/server/imports). */
export const messages = {
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
