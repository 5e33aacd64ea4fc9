export { money, signedMoney } from '../../lib/money';
