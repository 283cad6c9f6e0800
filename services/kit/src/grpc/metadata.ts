/** gRPC metadata keys the gateway sets and every service reads. */
export const USER_ID_KEY = 'pfs-user-id';
export const REQUEST_ID_KEY = 'x-request-id';
export const OPERATOR_KEY = 'pfs-operator';
/** Binary trailer carrying a pfs.common.v1.ErrorDetail for the gateway's error mapping. */
export const ERROR_DETAIL_KEY = 'pfs-error-bin';
