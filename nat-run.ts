import { benchCarrierNat } from './bench/sections/carrierNat';
import { formatTable } from './bench/table';
const env = JSON.parse(process.argv[2] ?? '{}');
benchCarrierNat(env).then((rows) => console.log(formatTable(rows)), (e) => { console.error(e); process.exit(1); });
