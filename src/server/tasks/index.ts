/*
 * The tasks room: staff's to-dos, made by hand or by other features' rules (addTask), seen by whose
 * they are, closed once as done or skipped. Other code uses it through this index only.
 */
export { addTask, taskListFields, type NewTask } from './operations';
export { taskRoutes } from './routes';
export { taskRules } from './rules';
