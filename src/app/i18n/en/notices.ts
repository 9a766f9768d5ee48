/*
 * The notice of a saved form, naming the record as the app shows it (src/app/saved.ts): each resource
 * words its own, so that a language with genders makes the words agree with the resource's name.
 */
const saved = (what: string) => ({ created: `${what} added`, updated: `${what} saved` });

export const noticeMessages = {
    resources: {
        customers: { notifications: saved('Customer %{name}') },
        schedules: { notifications: saved('Schedule “%{name}”') },
        events: { notifications: saved('Class %{name}') },
        statuses: { notifications: saved('Status “%{name}”') },
        configs: { notifications: { updated: 'General settings saved' } },
        'settings/users': { notifications: saved('User %{name}') },
        'settings/courses': { notifications: saved('Course “%{name}”') },
        'settings/studios': { notifications: saved('Studio “%{name}”') },
        'settings/directions': { notifications: saved('Direction “%{name}”') },
        'settings/subscriptions': { notifications: saved('Plan “%{name}”') },
    },
    // A prototype collection has no messages of its own.
    app: { notifications: saved('Record %{name}') },
};
