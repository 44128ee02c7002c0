#pragma once

// The traffic models watched by QAbstractItemModelTester from their start: a break of the model
// contract fails the test that uses them.

#include "traffic/trafficfilter.h"
#include "traffic/trafficlog.h"

#include <QAbstractItemModelTester>

class CheckedLog : public Mcp::TrafficLog
{
private:
    QAbstractItemModelTester m_tester{this, QAbstractItemModelTester::FailureReportingMode::QtTest};
};

// A filter proxy over log, watched from before its source is set.
class CheckedProxy : public Mcp::TrafficFilterProxy
{
public:
    // synchronousThreshold: as setSynchronousThreshold(), when given (0: every filter on the worker).
    explicit CheckedProxy(Mcp::TrafficLog *log, int synchronousThreshold = -1)
    {
        if (synchronousThreshold >= 0)
            setSynchronousThreshold(synchronousThreshold);
        setSourceModel(log);
    }

private:
    QAbstractItemModelTester m_tester{this, QAbstractItemModelTester::FailureReportingMode::QtTest};
};
