import type { Catalogue } from '../catalogue';
import type { prototypeMessages as english } from '../en/prototypes';

/*
 * Prototype collections (any collection a developer adds to db.json) have no messages of their own:
 * their screens and menu entries show the collection's name as it is. These are the texts around them.
 */
export const prototypeMessages = {
    app: {
        menu: { groups: { prototypes: 'Прототипы' } },
        prototypes: {
            fields: 'Поля',
            field_name: 'Название поля',
            field_value: 'Значение',
            first_record:
                'В этой коллекции ещё нет записей, и форму угадать не по чему: назовите каждое поле первой записи. ' +
                'Значение, записанное как JSON (42, true, null, "текст"), сохраняется как есть, остальное — как текст.',
            validation: {
                name_required: 'Укажите название поля',
                id_reserved: 'Поле id назначает сервер: выберите другое название',
                name_repeated: 'Такое название уже есть у другого поля',
            },
        },
    },
} satisfies Catalogue<typeof english>;
