// Every lazily-loaded part's slices, made known to the root reducer at once: a replay folds a log
// recorded on any view, so it knows every part (each joins the state at its `app/partLoaded`).
import '../../features/operator/funnelSlice';
import '../../features/operator/operatorSlice';
