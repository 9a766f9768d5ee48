/** Импорт клиентов из CSV-файла другой системы (src/domain/imports.ts, src/server/imports). */
export const messages = {
    resources: {
        imports: {
            name: 'Импорт |||| Импорта |||| Импортов',
            fields: {
                id: 'Импорт',
                createdAt: 'Импортирован',
                fileName: 'Файл',
                createdBy: 'Кто импортировал',
                createdByName: 'Кто импортировал',
                counts: 'Строки',
                errors: 'Ошибки',
                created: 'Созданы',
                updated: 'Обновлены',
                undoneAt: 'Отменён',
                undoneBy: 'Кто отменил',
            },
        },
    },
    app: {
        collections: { imports: '%{smart_count} импорт |||| %{smart_count} импорта |||| %{smart_count} импортов' },
        import: {
            unreadable: 'Строку %{line} файла не удаётся прочитать как CSV: проверьте кавычки',
            unknown_status: 'В студии нет статуса клиента с таким названием',
            unknown_plan: 'В студии нет абонемента с таким названием',
            pass_dropped: {
                ended: 'Абонемент закончился: он не переносится',
                used_up: 'В абонементе не осталось занятий: он не переносится',
            },
            empty: 'В файле нет строк для импорта',
            bad_mapping: 'В выбранных столбцах указано поле, которого импорт не знает',
            duplicate_row: 'Тот же человек, что в строке %{line} файла',
            two_customers: 'Подходит двум клиентам (по телефону и по почте): %{names}',
            undo_used: '%{name}: после импорта есть запись, отметка или оплата — импорт нельзя отменить',
            undo_changed: '%{name}: карточку изменили после импорта — импорт нельзя отменить',
            undone_already: 'Этот импорт уже отменён',
        },
    },
};
