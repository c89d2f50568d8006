// The orders module as other modules see it: an item kind registers a Fulfiller, creates its
// orders and gives them up through the service; nothing else changes an order.
export type { Fulfiller, OrderRow, OrdersService } from './orders.service';
export type { PaymentProvider } from './payment-provider';
/**
 * The table, only for the assessments module until it is reshaped (it reads report orders).
 * Do not use it in new code: ask the orders service.
 */
export { orders } from './orders.table';
