/*
 * Prototype collections (any collection a developer adds to db.json) have no messages of their own:
 * their screens and menu entries show the collection's name as it is. These are the texts around them.
 */
export const prototypeMessages = {
    app: {
        menu: { groups: { prototypes: 'Prototypes' } },
        prototypes: {
            fields: 'Fields',
            field_name: 'Field name',
            field_value: 'Value',
            first_record:
                'This collection has no records yet, so there is nothing to guess a form from: name each field of the first record. ' +
                'A value written as JSON (42, true, null, "text") is saved as such, anything else as text.',
            validation: {
                name_required: 'Name the field',
                id_reserved: 'The server assigns the id: choose another name',
                name_repeated: 'Another field has this name',
            },
        },
    },
};
