export {
  operatorOf,
  eckNodeSetOf,
  isCustomGroup,
  KNOWN_OPERATORS,
  type OperatorId,
  type OperatorManager,
  type CustomResourceRef,
  type ManagedObject,
} from './detect.js';
export { budgetsToRemove, isOperatorManaged } from './overlap.js';
export {
  routeChange,
  type ChangeRoute,
  type CustomResourceChange,
  type FieldPatch,
  type ManagedChange,
} from './route.js';
export { stackableKind, stackableRole } from './stackable.js';
export {
  operatorInstances,
  type InstanceView,
  type InstancesInput,
  type RoleView,
  type RoleGroupView,
  type RoleGroupWorkload,
} from './instances.js';
