#pragma once

#include "keys.h"
#include "methods.h"
#include "types.h"

#include <QJsonArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <optional>
#include <utility>

// The paginated lists: which method lists them, which member of each page holds the items and
// which capability announces them. Client::listAll and Session::listAll take one of these
// (listAll(Lists::Tools, ...)); a list the spec does not name is a ListDescriptor written out.
namespace Mcp {

struct ListDescriptor
{
    QString method;     // tools/list, ...
    QString itemsKey;   // the member of each page holding its items: "tools", ...
    QString capability; // the server capability that announces the list (templates: "resources")
};

// A list whose items are Item (Tool, Prompt...): items() reads a whole listing.
template<typename Item>
struct TypedList : ListDescriptor
{
    using ItemType = Item;

    // Each item as Item::fromJson reads it; problems read "[index] member: ...".
    QList<Item> items(const QJsonArray &array, QStringList *problems = nullptr) const
    {
        QList<Item> result;
        result.reserve(array.size());
        for (qsizetype i = 0; i < array.size(); ++i) {
            QStringList itemProblems;
            result.append(Item::fromJson(array.at(i).toObject(), problems ? &itemProblems : nullptr));
            for (const QString &problem : std::as_const(itemProblems))
                problems->append(QStringLiteral("[%1] %2").arg(i).arg(problem));
        }
        return result;
    }
};

namespace Lists {

inline const TypedList<Tool> Tools{{Method::ToolsList, Key::Tools, Key::Tools}};
inline const TypedList<Prompt> Prompts{{Method::PromptsList, Key::Prompts, Key::Prompts}};
inline const TypedList<Resource> Resources{{Method::ResourcesList, Key::Resources, Key::Resources}};
inline const TypedList<ResourceTemplate> ResourceTemplates{
    {Method::ResourcesTemplatesList, Key::ResourceTemplates, Key::Resources}};
inline const TypedList<Task> Tasks{{Method::TasksList, Key::Tasks, Key::Tasks}};

// What a server offers: its tools, prompts, resources and templates, in that order.
inline QList<ListDescriptor> offered()
{
    return {Tools, Prompts, Resources, ResourceTemplates};
}

// One of offered() by its list method; nullopt for any other method (tasks/list included).
inline std::optional<ListDescriptor> offeredByMethod(QStringView method)
{
    for (const ListDescriptor &list : offered()) {
        if (list.method == method)
            return list;
    }
    return std::nullopt;
}

} // namespace Lists
} // namespace Mcp
