// The presets live with the comparison rule in the domain, where the server and the tests reach them too.
export { presetPeriod, presets, type Preset } from '../../domain/periods';
