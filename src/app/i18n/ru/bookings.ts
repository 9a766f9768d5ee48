/** Записи: места в занятиях и очередь на них. */
export const bookingMessages = {
    resources: {
        bookings: {
            name: 'Запись |||| Записи |||| Записей',
            fields: {
                eventId: 'Занятие',
                customerId: 'Клиент',
                status: 'Запись',
                passId: 'Абонемент для списания',
                late: 'Поздняя отмена',
                id: 'Запись',
                source: 'Способ записи',
                bookedBy: 'Записал',
                promotedAt: 'Переведён из очереди',
                cancelledAt: 'Отменена',
                attendanceId: 'Отметка',
                createdAt: 'Записан',
            },
        },
        events: { fields: { bookable: 'Клиенты записываются сами' } },
        schedules: { fields: { bookable: 'Клиенты записываются на занятия сами' } },
        'settings/subscriptions': {
            fields: { lateCancelHours: 'Отмена поздняя, часов до занятия (пусто — как в настройках студии)' },
        },
        configs: {
            fields: {
                bookingOpensDays: 'Запись открывается, дней до занятия',
                bookingClosesMinutes: 'Запись закрывается, минут до занятия (0: с началом)',
                lateCancelHours: 'Отмена считается поздней, часов до занятия',
                maxWaitlists: 'Мест в очередях у одного клиента',
            },
        },
    },
    app: {
        collections: { bookings: '%{smart_count} запись |||| %{smart_count} записи |||| %{smart_count} записей' },
        bookings: {
            booked: 'Записан',
            in_line: 'В очереди · %{position}',
            seats: 'Записано: %{booked} / %{capacity}',
            line: '%{smart_count} в очереди |||| %{smart_count} в очереди |||| %{smart_count} в очереди',
            full: 'Мест нет',
            book_by_name: 'Записать по имени',
            staff_only: 'На это занятие записывают только сотрудники',
            bookable_help:
                'Если выключено, записывают только сотрудники: клиенты видят занятие, но записаться не могут',
            upcoming: 'Предстоящие записи',
            none: 'Нет предстоящих записей и мест в очереди.',
            actions: {
                book: 'Записать',
                put_in_line: 'В очередь',
                cancel: 'Отменить запись: %{name}',
                leave_line: 'Убрать из очереди: %{name}',
            },
            notices: {
                booked: 'Записан',
                waitlisted: 'Поставлен в очередь',
                cancelled: 'Запись отменена',
                cancelled_late: 'Запись отменена поздно: позже срока бесплатной отмены',
            },
            refusals: {
                full: 'Мест нет: поставьте в очередь',
                no_pass: 'Нет абонемента на это занятие с оставшимся посещением (учтены предстоящие записи)',
                not_open: 'Запись на это занятие ещё не открыта',
                closed: 'Запись закрыта: занятие началось, отменено или закрыто',
                already_booked: 'Уже записан или стоит в очереди на это занятие',
                overlap: 'В это время уже записан на другое занятие',
                too_many_waitlists: 'Уже занято столько мест в очередях, сколько разрешает студия',
            },
        },
    },
};
