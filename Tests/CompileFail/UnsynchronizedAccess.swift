// Must NOT compile: HUD state is reachable only on its stack's loop.
// scripts/check-isolation.sh type-checks each `// expect:` case on its own.
import HUDCore

func fromAnyThread(_ stack: HUDStack, _ hud: HUD) {
    stack.show(hud)  // expect: call to actor-isolated instance method 'show(_:animated:)' in a synchronous nonisolated context
}
